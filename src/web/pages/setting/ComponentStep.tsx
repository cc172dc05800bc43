// Step 3, PV layout (spec 000 §2 settingComponent; open when buildings are drawn). Its editor comes
// with the layout issue.
import { useTranslation } from 'react-i18next';
import { StepFrame } from '../../components/StepFrame.tsx';

export function ComponentStep() {
  const { t } = useTranslation();
  return <StepFrame step="components" title={t('setting.step.components')} text={t('setting.frame.components')} previous="building" next="electrical" />;
}
