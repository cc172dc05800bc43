// /loadLogin: where the WeChat callback lands with a one-time wechatTicket. Exchanges it for a
// session, or sends a WeChat user without account to /bindAccount. The guard leaves this route alone.
import { Alert, Flex, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { exchangeWechatTicket } from '../../api/auth.ts';
import { ROUTES } from '../../app/paths.ts';
import { useSignedIn } from '../../hooks/useSignedIn.ts';

export function LoadLoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);
  const ticket = params.get('wechatTicket');
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!ticket) {
      setFailed(true);
      return;
    }
    exchangeWechatTicket(ticket)
      .then((r) => {
        if (r.bindRequired) void navigate(`${ROUTES.bindAccount}?wechatTicket=${encodeURIComponent(ticket)}&nickname=${encodeURIComponent(r.nickname ?? '')}`, { replace: true });
        else signedIn(r);
      })
      .catch(() => setFailed(true));
  }, [ticket, navigate, signedIn]);
  return (
    <Flex vertical gap={16} align="center" data-testid="load-login-page">
      {failed ? <Alert type="error" showIcon title={t('auth.wechat.failed')} /> : <Spin />}
      <Link to={ROUTES.login}>{t('auth.backToLogin')}</Link>
    </Flex>
  );
}
