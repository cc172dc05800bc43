// Step 2, Building (spec 000 §2 settingMode / setting3DMode): draw the outline and roof lines on the
// map or the drone model. Its editor comes with the building issue; the roof lab (/lab) is its start.
// Leaving this step raises the wizard's leave flag.
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '../../app/paths.ts';
import { StepFrame } from '../../components/StepFrame.tsx';

export function BuildingStep() {
  const { t } = useTranslation();
  return (
    <StepFrame step="building" title={t('setting.step.building')} text={t('setting.frame.building')} previous="information" next="components">
      <Link to={ROUTES.lab} target="_blank">
        <Button data-testid="open-roof-lab">{t('setting.frame.openLab')}</Button>
      </Link>
    </StepFrame>
  );
}
