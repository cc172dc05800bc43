// Step 7 by path, Load (spec 000 §2; shown for operation modes 1 and 2): annual consumption or an
// xlsx file, consumption model. The editor comes with the load-and-storage issue.
import { useTranslation } from 'react-i18next';
import { StepFrame } from '../../components/StepFrame.tsx';

export function LoadStep() {
  const { t } = useTranslation();
  return <StepFrame step="load" title={t('setting.step.load')} text={t('setting.frame.load')} previous="information" next="building" />;
}
