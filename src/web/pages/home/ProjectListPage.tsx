// /home/list and /home/liteList (homeLite): the design projects, with the new-project dialog.
import { PlusOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '../../app/paths.ts';
import { NewProjectDialog } from '../../components/home/NewProjectDialog.tsx';
import { ProjectListView } from '../../components/home/ProjectListView.tsx';

export function ProjectListPage() {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  return (
    <div data-testid="project-list-page">
      <ProjectListView
        variant="LITE"
        title={t('home.lite.title')}
        extra={
          <Space>
            <Link to={ROUTES.homeAiom}>{t('home.aiom.title')}</Link>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="new-project">
              {t('home.new.button')}
            </Button>
          </Space>
        }
      />
      <NewProjectDialog open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}
