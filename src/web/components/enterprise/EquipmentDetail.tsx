// One entry of the organisation's equipment in a drawer (spec 001 §2 "Equipment information", §3
// "Simulation curves exist for custom libraries (IV/PV, efficiency …)"): its source, its curves — a
// module's I–V / P–V families, an inverter's efficiency curves, drawn by the personal library's
// charts from the entry's values — and every field it has.
import { Descriptions, Drawer, Empty, Spin, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EquipmentSource } from '../../../model/api/enterprise.ts';
import { getEnterpriseInverter, getEnterpriseModule, type EnterpriseInverterDetail, type EnterpriseModuleDetail } from '../../api/enterprise.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { INVERTER_GROUPS } from '../library/inverter-fields.ts';
import { InverterCurves } from '../library/InverterCurves.tsx';
import type { FieldSpec } from '../library/LibraryFields.tsx';
import { MODULE_GROUPS } from '../library/module-fields.ts';
import { ModuleCurves } from '../library/ModuleCurves.tsx';

export interface EquipmentRef {
  kind: 'component' | 'inverter';
  id: number;
  source: EquipmentSource;
}

/** The value at a dotted field name ('singleDiode.rS'). */
function valueAt(entry: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((v, k) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), entry);
}

type Detail = { kind: 'component'; data: EnterpriseModuleDetail } | { kind: 'inverter'; data: EnterpriseInverterDetail };

export function EquipmentDetail({ entry, onClose }: { entry: EquipmentRef | null; onClose(): void }) {
  const { t } = useTranslation();
  const [detail, setDetail] = useState<Detail | null>(null);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (!entry) return;
    let live = true;
    setDetail(null);
    setLoading(true);
    const load =
      entry.kind === 'component'
        ? getEnterpriseModule(entry.id, entry.source).then((data): Detail => ({ kind: 'component', data }))
        : getEnterpriseInverter(entry.id, entry.source).then((data): Detail => ({ kind: 'inverter', data }));
    load
      .then((d) => live && setDetail(d))
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [entry]);

  const rows = (values: Record<string, unknown>, prefix: 'module' | 'inverter', groups: Record<string, readonly FieldSpec[]>) =>
    Object.values(groups)
      .flat()
      .filter((spec) => valueAt(values, spec.name) !== undefined && typeof valueAt(values, spec.name) !== 'object')
      .map((spec) => {
        const v = valueAt(values, spec.name);
        const text = typeof v === 'boolean' ? t(v ? 'enterprise.yes' : 'enterprise.no') : spec.optionLabels ? t(`library.${spec.optionLabels}.${String(v)}` as MessageKey) : String(v);
        return { key: spec.name, label: t(`library.${prefix}.${spec.name}` as MessageKey), children: text };
      });

  return (
    <Drawer open={entry !== null} onClose={onClose} size={880} destroyOnHidden title={detail ? `${detail.data.manufacturer} ${detail.data.model}` : ''}>
      <div data-testid="enterprise-equipment-detail">
        {loading && <Spin />}
        {!loading && !detail && <Empty />}
        {detail && (
          <>
            <Tag color={detail.data.source === 'system' ? 'blue' : 'green'}>{t(`enterprise.equipment.source.${detail.data.source}`)}</Tag>
            {detail.kind === 'component' ? (
              <>
                <ModuleCurves module={detail.data.module} testId="enterprise-module-curves" />
                <Descriptions size="small" bordered column={2} style={{ marginTop: 16 }} items={rows(detail.data.module, 'module', MODULE_GROUPS)} />
              </>
            ) : (
              <>
                <InverterCurves inverter={detail.data.inverter} testId="enterprise-inverter-curves" />
                <Descriptions size="small" bordered column={2} style={{ marginTop: 16 }} items={rows(detail.data.inverter, 'inverter', INVERTER_GROUPS)} />
              </>
            )}
          </>
        )}
      </div>
    </Drawer>
  );
}
