// The project list as a table with checkboxes for the comparison.
import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProjectSummary } from '../../../model/api/projects.ts';
import { formatDateTime, thousands } from '../../format.ts';
import { ProjectActions, type ProjectActionHandlers } from './ProjectActions.tsx';
import { ProjectName } from './ProjectName.tsx';

export interface ProjectTableProps {
  rows: ProjectSummary[];
  loading: boolean;
  page: number;
  size: number;
  total: number;
  onPage: (p: number) => void;
  selected: number[];
  onSelect: (ids: number[]) => void;
  on: ProjectActionHandlers;
}

export function ProjectTable(p: ProjectTableProps) {
  const { t } = useTranslation();
  return (
    <Table<ProjectSummary>
      rowKey="projectId"
      data-testid="project-table"
      loading={p.loading}
      dataSource={p.rows}
      locale={{ emptyText: t('common.noData') }}
      rowSelection={{ selectedRowKeys: p.selected, onChange: (keys) => p.onSelect(keys.map(Number)), preserveSelectedRowKeys: true }}
      pagination={{ current: p.page, pageSize: p.size, total: p.total, onChange: p.onPage, showSizeChanger: false }}
      onRow={(r) => ({ 'data-testid': `project-row-${r.projectId}` }) as object}
      columns={[
        { title: t('project.field.name'), dataIndex: 'name', render: (name: string) => <ProjectName name={name} /> },
        { title: t('project.field.powerStationType'), dataIndex: 'powerStationType', render: (v: ProjectSummary['powerStationType']) => <Tag>{t(`project.type.${v}`)}</Tag> },
        { title: t('project.field.surveyType'), dataIndex: 'surveyType', render: (v: ProjectSummary['surveyType']) => t(`project.survey.${v}`) },
        { title: t('project.field.capacity'), dataIndex: 'capacity', render: (v: number | null) => thousands(v) },
        { title: t('home.compare.annualEnergy'), dataIndex: 'annualKwh', render: (v: number | null) => (v === null ? '—' : thousands(v, 0)) },
        { title: t('project.field.address'), dataIndex: 'address', ellipsis: true, render: (v: string | null) => v ?? '—' },
        { title: t('project.field.updateTime'), dataIndex: 'updateTime', render: (v: string) => formatDateTime(v) },
        { title: t('common.actions'), key: 'actions', render: (_: unknown, r) => <ProjectActions project={r} on={p.on} /> },
      ]}
    />
  );
}
