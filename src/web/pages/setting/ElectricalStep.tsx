// Step 4, Electrical (spec 000 §2 settingElectrical; open when components are arranged): inverters,
// strings (the assign step: leaving it raises the leave flag), cables. The editor comes later.
import { useTranslation } from 'react-i18next';
import { StepFrame } from '../../components/StepFrame.tsx';

export function ElectricalStep() {
  const { t } = useTranslation();
  return <StepFrame step="electrical" title={t('setting.step.electrical')} text={t('setting.frame.electrical')} previous="components" next="economics" />;
}
