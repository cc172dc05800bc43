// /aiomSetting/* (spec 000 §2): overview, view, patrol, alarm, statistics, device, configuration,
// fly. The O&M pages are a later issue; the frame and its routes exist.
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { NotYetAvailable } from '../../components/NotYetAvailable.tsx';
import type { MessageKey } from '../../i18n/index.ts';

const TITLES: Record<string, MessageKey> = {
  summary: 'aiom.menu.summary',
  view: 'aiom.menu.view',
  patrol: 'aiom.menu.patrol',
  alarm: 'aiom.menu.alarm',
  statistics: 'aiom.menu.statistics',
  device: 'aiom.menu.device',
  configuration: 'aiom.menu.configuration',
  fly: 'aiom.menu.fly',
};

export function AiomSectionPage() {
  const { t } = useTranslation();
  const section = useLocation().pathname.split('/')[2] ?? 'summary';
  return <NotYetAvailable title={t(TITLES[section] ?? 'aiom.menu.summary')} />;
}
