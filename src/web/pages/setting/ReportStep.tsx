// Step 6, Report (spec 000 §2 report3d; open only with an inverter configuration). The report pages
// come with the report issue.
import { useTranslation } from 'react-i18next';
import { StepFrame } from '../../components/StepFrame.tsx';

export function ReportStep() {
  const { t } = useTranslation();
  return <StepFrame step="report" title={t('setting.step.report')} text={t('setting.frame.report')} previous="electrical" />;
}
