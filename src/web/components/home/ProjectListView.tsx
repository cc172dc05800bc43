// The body of both project lists: filters, compare button, table or cards, share dialog; on the design
// list also the report's file actions (DXF, CAD export, project file), the O&M link to the bound plant
// and "Import project file" (issue 17).
import { ImportOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Space, Typography, Upload } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PROJECT_LIMITS } from '../../../model/api/projects.ts';
import { useProjectList } from '../../hooks/useProjectList.ts';
import { useReportListActions } from '../../hooks/useReportListActions.ts';
import type { ProjectActionHandlers } from './ProjectActions.tsx';
import { ProjectCards } from './ProjectCards.tsx';
import { ProjectFilters } from './ProjectFilters.tsx';
import { ProjectTable } from './ProjectTable.tsx';
import { ShareDialog } from './ShareDialog.tsx';

export function ProjectListView({ variant, title, extra }: { variant: 'LITE' | 'AIOM'; title: ReactNode; extra?: ReactNode }) {
  const { t } = useTranslation();
  const l = useProjectList(variant);
  const files = useReportListActions(l.reload);
  const design = variant === 'LITE';
  const on: ProjectActionHandlers = {
    open: l.open,
    copy: (p) => void l.copy(p),
    share: l.setSharing,
    openAiom: design ? (p) => void files.openAiom(p) : l.openAiom,
    remove: l.remove,
    ...(design ? { dxf: (p) => void files.dxf(p), cad: (p) => void files.cad(p), projectFile: (p) => void files.projectFile(p) } : {}),
  };
  const props = { rows: l.rows, loading: l.loading, page: l.page, size: l.size, total: l.total, onPage: l.setPage, selected: l.selected, onSelect: l.setSelected, on };
  return (
    <Card
      title={<Typography.Title level={4} style={{ margin: 0 }}>{title}</Typography.Title>}
      extra={extra}
    >
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <ProjectFilters filter={l.filter} onChange={l.setFilter} mode={l.mode} onMode={l.setMode} />
        <Space>
          {design && (
            <Upload
              accept=".json,application/json"
              showUploadList={false}
              beforeUpload={(file) => {
                void files.importFile(file);
                return false;
              }}
            >
              <Button icon={<ImportOutlined />} loading={files.importing} data-testid="import-project">
                {t('report.list.import')}
              </Button>
            </Upload>
          )}
          <Typography.Text type="secondary">{t('home.compare.selected', { count: l.selected.length, max: PROJECT_LIMITS.compareMax })}</Typography.Text>
          <Button onClick={l.compare} data-testid="compare">
            {t('home.compare.button')}
          </Button>
        </Space>
      </Flex>
      {l.mode === 'table' ? <ProjectTable {...props} /> : <ProjectCards {...props} />}
      <ShareDialog project={l.sharing} onClose={() => l.setSharing(null)} />
    </Card>
  );
}
