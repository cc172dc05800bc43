// Step 5, Economics (spec 000 §2 settingEconomics; open with an inverter configuration, hidden for
// LITE-RE). The editor comes with the economics issue.
import { useTranslation } from 'react-i18next';
import { StepFrame } from '../../components/StepFrame.tsx';

export function EconomicsStep() {
  const { t } = useTranslation();
  return <StepFrame step="economics" title={t('setting.step.economics')} text={t('setting.frame.economics')} previous="electrical" next="report" />;
}
