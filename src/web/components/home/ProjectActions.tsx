// The actions of one project (spec 001 §2 "Actions per project: compare, delete, copy, share,
// download DXF, share O&M link, export CAD"; issue 17): open, share, and under "More" copy, the DXF
// drawing, the CAD export (DXF), the project file, the O&M link, delete. The file actions are the
// design list's (absent handlers are not offered).
import { Button, Dropdown, Space } from 'antd';
import type { MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProjectSummary } from '../../../model/api/projects.ts';

export interface ProjectActionHandlers {
  open: (p: ProjectSummary) => void;
  copy: (p: ProjectSummary) => void;
  share: (p: ProjectSummary) => void;
  openAiom: (p: ProjectSummary) => void;
  remove: (p: ProjectSummary) => void;
  /** The DXF drawing of the project's report. */
  dxf?: (p: ProjectSummary) => void;
  /** The CAD export (the DXF drawing). */
  cad?: (p: ProjectSummary) => void;
  /** The project file (.pvstudio.json). */
  projectFile?: (p: ProjectSummary) => void;
}

export function ProjectActions({ project, on }: { project: ProjectSummary; on: ProjectActionHandlers }) {
  const { t } = useTranslation();
  const id = project.projectId;
  const files: NonNullable<MenuProps['items']> = [];
  if (on.dxf) files.push({ key: 'dxf', label: <span data-testid={`dxf-${id}`}>{t('report.list.dxf')}</span>, onClick: () => on.dxf?.(project) });
  if (on.cad) files.push({ key: 'cad', label: <span data-testid={`cad-${id}`}>{t('report.list.cad')}</span>, onClick: () => on.cad?.(project) });
  if (on.projectFile) files.push({ key: 'projectFile', label: <span data-testid={`project-file-${id}`}>{t('report.list.projectFile')}</span>, onClick: () => on.projectFile?.(project) });
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
            ...files,
            { key: 'aiom', label: <span data-testid={`aiom-${id}`}>{t('home.actions.aiom')}</span>, onClick: () => on.openAiom(project) },
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
