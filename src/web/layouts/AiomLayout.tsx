// /aiomSetting (spec 000 §2): menu back to list, overview, view, alarm (with the unread badge),
// statistics, device, configuration; patrol and fly are reached by their paths (src/web/pages/aiom).
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ROUTES } from '../app/paths.ts';
import { AlarmMenuLabel } from '../components/aiom/AlarmMenuLabel.tsx';
import type { MessageKey } from '../i18n/index.ts';
import { SideMenuLayout } from './SideMenuLayout.tsx';

const SECTIONS: { key: string; label: MessageKey }[] = [
  { key: 'summary', label: 'aiom.menu.summary' },
  { key: 'view', label: 'aiom.menu.view' },
  { key: 'alarm', label: 'aiom.menu.alarm' },
  { key: 'statistics', label: 'aiom.menu.statistics' },
  { key: 'device', label: 'aiom.menu.device' },
  { key: 'configuration', label: 'aiom.menu.configuration' },
];

export function AiomLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const section = useLocation().pathname.split('/')[2] ?? 'summary';
  return (
    <SideMenuLayout
      title={t('aiom.title')}
      selected={section}
      onSelect={(key) => void navigate(key === 'back' ? ROUTES.homeAiom : `/aiomSetting/${key}?${params.toString()}`)}
      items={[{ key: 'back', label: t('aiom.menu.back') }, ...SECTIONS.map((s) => ({ key: s.key, label: s.key === 'alarm' ? <AlarmMenuLabel label={t(s.label)} /> : t(s.label) }))]}
    />
  );
}
