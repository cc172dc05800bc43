// The shade run's per-module figures as a table (issue 18): annual loss, solar access and TSRF of every
// module (editor/shade/shade-detail.ts), sortable by each, the modules losing most first. A row's
// module is named by its face (direction and tilt) and its number on it; hovering a row highlights it
// on the plan.
import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ModuleShadeDetail } from '../../editor/shade/shade-detail.ts';
import type { PlanHighlight } from '../../editor/render/plan-scene.ts';
import { faceLabel } from './face-label.ts';

/** A share [0–1] as a percentage with one decimal ('—' for null). */
export function pct(v: number | null): string {
  return v === null || !Number.isFinite(v) ? '—' : `${(v * 100).toFixed(1)} %`;
}

export interface ShadeDetailTableProps {
  details: readonly ModuleShadeDetail[];
  weighed: boolean;
  onHover?: (h: PlanHighlight | null) => void;
}

export function ShadeDetailTable({ details, weighed, onHover }: ShadeDetailTableProps) {
  const { t } = useTranslation();
  const num = (a: number | null, b: number | null) => (a ?? -Infinity) - (b ?? -Infinity);
  return (
    <>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 8 }}>
        {t('shadeDetail.worstFirst')}. {weighed ? t('shadeDetail.help') : t('shadeDetail.beamOnly')}
      </Typography.Paragraph>
      <Table<ModuleShadeDetail>
        size="small"
        rowKey="key"
        dataSource={details as ModuleShadeDetail[]}
        pagination={{ pageSize: 10, size: 'small', showSizeChanger: false }}
        data-testid="shade-detail-table"
        onRow={(d) => ({
          'data-testid': 'shade-detail-row',
          'data-key': d.key,
          onMouseEnter: () => onHover?.({ kind: 'modules', refs: [{ arrayId: d.arrayId, index: d.index }] }),
          onMouseLeave: () => onHover?.(null),
        }) as object}
        columns={[
          { title: t('shadeDetail.module'), key: 'module', render: (_, d) => t('shadeDetail.moduleName', { face: faceLabel(t, d), n: d.index + 1 }) },
          { title: t('shadeDetail.loss'), dataIndex: 'loss', sorter: (a, b) => num(a.loss, b.loss), defaultSortOrder: 'descend', render: (v: number) => pct(v) },
          { title: t('shadeDetail.access'), dataIndex: 'access', sorter: (a, b) => num(a.access, b.access), render: (v: number) => pct(v) },
          { title: t('shadeDetail.tsrf'), dataIndex: 'tsrf', sorter: (a, b) => num(a.tsrf, b.tsrf), render: (v: number | null) => pct(v) },
        ]}
      />
    </>
  );
}
