// What an /aiomSetting page shows without a plant id in its address: a note and the way back.
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ROUTES } from '../../app/paths.ts';

export function NoPlant() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="info"
      title={t('aiom.noPlant')}
      extra={
        <Button type="primary" onClick={() => void navigate(ROUTES.homeAiom)}>
          {t('aiom.menu.back')}
        </Button>
      }
    />
  );
}
