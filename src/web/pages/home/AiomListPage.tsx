// /home/aiomList (homeAiom): the operation projects (needs the aiom permission; the guard checks).
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '../../app/paths.ts';
import { ProjectListView } from '../../components/home/ProjectListView.tsx';

export function AiomListPage() {
  const { t } = useTranslation();
  return (
    <div data-testid="aiom-list-page">
      <ProjectListView variant="AIOM" title={t('home.aiom.title')} extra={<Link to={ROUTES.homeLite}>{t('home.lite.title')}</Link>} />
    </div>
  );
}
