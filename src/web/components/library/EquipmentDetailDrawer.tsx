// One library entry in a drawer (spec 001 §2 "Equipment information", §3): every field the entry has,
// its source, and its curves — a module's I–V / P–V families, an inverter's efficiency curves.
import { Descriptions, Drawer, Empty, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getInverter, getModule, type InverterDetail, type LibraryKind, type ModuleDetail } from '../../api/library.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { formatDateTime } from '../../format.ts';
import { INVERTER_GROUPS } from './inverter-fields.ts';
import { InverterCurves } from './InverterCurves.tsx';
import { MODULE_GROUPS } from './module-fields.ts';
import { ModuleCurves } from './ModuleCurves.tsx';
import type { FieldSpec } from './LibraryFields.tsx';

export interface EquipmentDetailDrawerProps {
  kind: LibraryKind;
  /** The entry shown; null: closed. */
  id: number | null;
  onClose(): void;
}

type Detail = { kind: 'module'; data: ModuleDetail } | { kind: 'inverter'; data: InverterDetail };

/** The value at a dotted path ('singleDiode.rS'). */
function valueAt(entry: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((v, k) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), entry);
}

export function EquipmentDetailDrawer({ kind, id, onClose }: EquipmentDetailDrawerProps) {
  const { t } = useTranslation();
  const [detail, setDetail] = useState<Detail | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (id === null) return;
    let live = true;
    setDetail(null);
    setLoading(true);
    const load = kind === 'module' ? getModule(id).then((data): Detail => ({ kind: 'module', data })) : getInverter(id).then((data): Detail => ({ kind: 'inverter', data }));
    load
      .then((d) => live && setDetail(d))
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [kind, id]);

  const show = (v: unknown, spec: FieldSpec): string => {
    if (typeof v === 'boolean') return v ? t('library.yes') : t('library.no');
    if (spec.optionLabels && (typeof v === 'string' || typeof v === 'number')) return t(`library.${spec.optionLabels}.${v}` as MessageKey);
    return String(v);
  };
  const fields = (entry: Record<string, unknown>, prefix: 'module' | 'inverter', groups: Record<string, readonly FieldSpec[]>) =>
    Object.values(groups)
      .flat()
      .filter((spec) => valueAt(entry, spec.name) !== undefined)
      .map((spec) => ({ key: spec.name, label: t(`library.${prefix}.${spec.name}` as MessageKey), children: show(valueAt(entry, spec.name), spec) }));

  const title = detail ? `${detail.data.manufacturer} ${detail.data.model}` : '';
  return (
    <Drawer open={id !== null} onClose={onClose} size={880} title={title} destroyOnHidden>
      <div data-testid="library-detail">
        {loading && <Spin />}
        {!loading && !detail && <Empty />}
        {detail && (
          <>
            <Typography.Paragraph>
              <Tag color={detail.data.source === 'system' ? 'blue' : 'green'}>{t(`library.source.${detail.data.source}`)}</Tag>
              <Typography.Text type="secondary">{formatDateTime(detail.data.updateTime)}</Typography.Text>
            </Typography.Paragraph>
            {detail.kind === 'module' ? (
              <>
                <ModuleCurves module={detail.data.module} testId="detail-module-curves" />
                <Descriptions size="small" bordered column={2} style={{ marginTop: 16 }} items={fields(detail.data.module, 'module', MODULE_GROUPS)} />
              </>
            ) : (
              <>
                <InverterCurves inverter={detail.data.inverter} testId="detail-inverter-curves" />
                <Descriptions size="small" bordered column={2} style={{ marginTop: 16 }} items={fields(detail.data.inverter, 'inverter', INVERTER_GROUPS)} />
              </>
            )}
            {(detail.kind === 'module' ? detail.data.module.datasheet : detail.data.inverter.datasheet) && (
              <Typography.Paragraph type="secondary" style={{ marginTop: 12, fontSize: 12 }}>
                {t('library.module.datasheet')}: {(detail.kind === 'module' ? detail.data.module.datasheet : detail.data.inverter.datasheet)?.document}
              </Typography.Paragraph>
            )}
          </>
        )}
      </div>
    </Drawer>
  );
}
