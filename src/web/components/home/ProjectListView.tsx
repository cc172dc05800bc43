// The body of both project lists: filters, compare button, table or cards, share dialog.
import { Button, Card, Flex, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PROJECT_LIMITS } from '../../../model/api/projects.ts';
import { useProjectList } from '../../hooks/useProjectList.ts';
import { ProjectCards } from './ProjectCards.tsx';
import { ProjectFilters } from './ProjectFilters.tsx';
import { ProjectTable } from './ProjectTable.tsx';
import { ShareDialog } from './ShareDialog.tsx';

export function ProjectListView({ variant, title, extra }: { variant: 'LITE' | 'AIOM'; title: ReactNode; extra?: ReactNode }) {
  const { t } = useTranslation();
  const l = useProjectList(variant);
  const on = { open: l.open, copy: (p: Parameters<typeof l.copy>[0]) => void l.copy(p), share: l.setSharing, openAiom: l.openAiom, remove: l.remove };
  const props = { rows: l.rows, loading: l.loading, page: l.page, size: l.size, total: l.total, onPage: l.setPage, selected: l.selected, onSelect: l.setSelected, on };
  return (
    <Card
      title={<Typography.Title level={4} style={{ margin: 0 }}>{title}</Typography.Title>}
      extra={extra}
    >
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <ProjectFilters filter={l.filter} onChange={l.setFilter} mode={l.mode} onMode={l.setMode} />
        <Space>
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
