// Step 4, Electrical (spec 000 §2 settingElectrical; open when components are arranged): the inverters
// chosen from the library and configured automatically, the strings drawn on the plan and wired by
// hand in manual mode (the assign step: leaving it raises the leave flag, the wiring saved first),
// the cables routed and sized, the checks, and the yield. Once an inverter configuration is saved the
// report capability switches on (economics and report open).
import { useTranslation } from 'react-i18next';
import { ElectricalWorkspace } from '../../components/electrical/ElectricalWorkspace.tsx';

export function ElectricalStep() {
  const { t } = useTranslation();
  return <ElectricalWorkspace title={t('setting.step.electrical')} />;
}
