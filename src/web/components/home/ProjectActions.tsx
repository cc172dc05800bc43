// The actions of one project (spec 001 §2): open, copy, share, O&M link, delete.
import { Button, Dropdown, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProjectSummary } from '../../../model/api/projects.ts';

export interface ProjectActionHandlers {
  open: (p: ProjectSummary) => void;
  copy: (p: ProjectSummary) => void;
  share: (p: ProjectSummary) => void;
  openAiom: (p: ProjectSummary) => void;
  remove: (p: ProjectSummary) => void;
}

export function ProjectActions({ project, on }: { project: ProjectSummary; on: ProjectActionHandlers }) {
  const { t } = useTranslation();
  const id = project.projectId;
  return (
    <Space size={0}>
      <Button type="link" size="small" onClick={() => on.open(project)} data-testid={`open-${id}`}>
        {t('home.actions.open')}
      </Button>
      <Button type="link" size="small" onClick={() => on.share(project)} data-testid={`share-${id}`}>
        {t('home.actions.share')}
      </Button>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'copy', label: <span data-testid={`copy-${id}`}>{t('home.actions.copy')}</span>, onClick: () => on.copy(project) },
            { key: 'aiom', label: t('home.actions.aiom'), onClick: () => on.openAiom(project) },
            { type: 'divider' },
            { key: 'delete', danger: true, label: <span data-testid={`delete-${id}`}>{t('home.actions.delete')}</span>, onClick: () => on.remove(project) },
          ],
        }}
      >
        <Button type="link" size="small" data-testid={`more-${id}`}>
          {t('common.more')}
        </Button>
      </Dropdown>
    </Space>
  );
}
