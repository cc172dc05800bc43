// What a personal user sees on /enterprise (spec 001 §6: "Enterprise edition needs permission;
// otherwise 'The current user does not have the rights of enterprise version, you can contact
// customer service!' with a link to enter the personal edition").
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ROUTES } from '../../app/paths.ts';

export function NoEnterpriseRights() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title={<span data-testid="no-enterprise-rights">{t('enterprise.noRights.text')}</span>}
      extra={
        <Button type="primary" onClick={() => void navigate(ROUTES.homeList)} data-testid="enter-personal">
          {t('enterprise.noRights.personal')}
        </Button>
      }
    />
  );
}
