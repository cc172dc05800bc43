// /aiomSetting/view: the bound design's 3D scene — buildings, modules, inverters — with the inverters
// and their modules coloured by the state of the devices bound to them (online, offline, fault, never
// reported; plain where none is bound), refreshed with the overview every 30 s, and the legend.
import { Card, Empty, Space, Table, Tag } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildingDocumentSchema, layoutDocumentSchema, type BuildingDocument, type LayoutDocument } from '../../../model/design.ts';
import type { InverterConfigDocument } from '../../../model/electrical-design.ts';
import { DEVICE_STATE_COLOURS } from '../../components/aiom/device-colours.ts';
import { formatPower, joinScaled } from '../../components/aiom/format.ts';
import { NoPlant } from '../../components/aiom/NoPlant.tsx';
import { PlantView3d } from '../../components/aiom/PlantView3d.tsx';
import { inverterStates, moduleStates } from '../../components/aiom/plant-states.ts';
import { httpElectricalApi } from '../../editor/electrical/electrical-api.ts';
import { httpDesignApi } from '../../editor/save/design-api.ts';
import { useAiomOverview } from '../../hooks/useAiomOverview.ts';
import { useAiomPlantId } from '../../hooks/useAiomPlant.ts';

export function ViewPage() {
  const projectId = useAiomPlantId();
  return projectId === null ? <NoPlant /> : <View projectId={projectId} />;
}

interface DesignDocs {
  buildings: BuildingDocument | null;
  layout: LayoutDocument | null;
  config: InverterConfigDocument | null;
}

function View({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const { overview } = useAiomOverview(projectId);
  const designId = overview?.designProjectId ?? null;
  const [docs, setDocs] = useState<DesignDocs | null>(null);

  useEffect(() => {
    if (designId === null) return;
    let live = true;
    const api = httpDesignApi();
    Promise.all([
      api.read('building', designId).then((d) => (d.data ? buildingDocumentSchema.parse(d.data) : null)).catch(() => null),
      api.read('layout', designId).then((d) => (d.data ? layoutDocumentSchema.parse(d.data) : null)).catch(() => null),
      httpElectricalApi().read('config', designId).then((d) => d.data).catch(() => null),
    ]).then(([buildings, layout, config]) => live && setDocs({ buildings, layout, config }));
    return () => {
      live = false;
    };
  }, [designId]);

  const states = overview?.inverterStates;
  const input = useMemo(() => {
    const byInverter = inverterStates(states ?? []);
    return { buildings: docs?.buildings ?? null, layout: docs?.layout ?? null, inverters: docs?.config?.inverters ?? [], inverterStates: byInverter, moduleStates: moduleStates(docs?.config ?? null, byInverter) };
  }, [docs, states]);
  const names = new Map((docs?.config?.inverters ?? []).map((i) => [i.id, i.name]));

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="aiom-view">
      <Card
        title={t('aiom.menu.view')}
        extra={
          <Space>
            {(['online', 'offline', 'fault', 'neverReported'] as const).map((s) => (
              <Tag key={s} color={DEVICE_STATE_COLOURS[s]}>
                {t(`aiom.deviceState.${s}`)}
              </Tag>
            ))}
          </Space>
        }
      >
        {overview && designId === null ? <Empty description={t('aiom.view.noDesign')} /> : <PlantView3d input={input} />}
      </Card>
      <Card size="small" title={t('aiom.view.inverters')}>
        <Table
          size="small"
          rowKey={(r) => `${r.designInverterId}-${r.serial}`}
          dataSource={states ?? []}
          pagination={false}
          locale={{ emptyText: t('aiom.view.noInverters') }}
          onRow={(r) => ({ 'data-testid': `view-inverter-${r.serial}`, 'data-state': r.state }) as object}
          columns={[
            { title: t('aiom.device.designInverter'), dataIndex: 'designInverterId', render: (id: string) => names.get(id) ?? id },
            { title: t('aiom.device.serial'), dataIndex: 'serial' },
            { title: t('aiom.device.state'), dataIndex: 'state', render: (s: keyof typeof DEVICE_STATE_COLOURS) => <Tag color={DEVICE_STATE_COLOURS[s]}>{t(`aiom.deviceState.${s}`)}</Tag> },
            { title: t('aiom.summary.livePower'), dataIndex: 'acPowerW', render: (w: number | null) => joinScaled(formatPower(w)) },
          ]}
        />
      </Card>
    </Space>
  );
}
