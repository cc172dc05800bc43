// /login (spec 001 §2): phone + code (the first sign-in registers), phone/e-mail + password, WeChat
// QR when the server has it; the agreement; links to forgot password and trial application (register).
import { WechatOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Form, Input, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { session } from '../../session/session.ts';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ROUTES } from '../../app/paths.ts';
import { Agreement } from '../../components/Agreement.tsx';
import { CodeButton } from '../../components/CodeButton.tsx';
import { ChangeInitialPasswordModal } from '../../components/ChangeInitialPasswordModal.tsx';
import { Field } from '../../components/Field.tsx';
import { SecurityCheckModal } from '../../components/SecurityCheckModal.tsx';
import { useLogin } from '../../hooks/useLogin.ts';

export function LoginPage() {
  const { t } = useTranslation();
  const l = useLogin();
  const [params] = useSearchParams();
  const wechatError = params.get('wechatError');
  const sessionEnded = (useLocation().state as { sessionEnded?: boolean } | null)?.sessionEnded === true || session.wasEndedByServer();
  const wechat = l.providers?.wechat;
  const sms = (
    <Form layout="vertical" onFinish={() => void l.submitSms()} data-testid="sms-login-form">
      <Field control={l.smsForm.control} name="phone" label={t('auth.phone')} render={(f) => <Input {...f} maxLength={11} placeholder={t('auth.phonePlaceholder')} data-testid="phone" />} />
      <Field
        control={l.smsForm.control}
        name="code"
        label={t('auth.code.label')}
        render={(f) => (
          <Flex gap={8}>
            <Input {...f} maxLength={6} placeholder={t('auth.code.placeholder')} data-testid="code" />
            <CodeButton sender={{ ...l.sender, send: l.sendCode }} />
          </Flex>
        )}
      />
      {l.providers && !l.providers.sms.configured && l.providers.sms.notice && <Alert type="info" showIcon title={t('auth.devOutbox')} style={{ marginBottom: 12 }} />}
      <Field control={l.smsForm.control} name="agree" render={(f) => <Agreement checked={f.value} onChange={f.onChange} />} />
      <Button type="primary" htmlType="submit" block data-testid="login-submit">
        {t('auth.login.submit')}
      </Button>
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8, fontSize: 12 }}>
        {t('auth.login.firstTimeRegisters')}
      </Typography.Text>
    </Form>
  );
  const password = (
    <Form layout="vertical" onFinish={() => void l.submitPassword()} data-testid="password-login-form">
      <Field control={l.passwordForm.control} name="username" label={t('auth.username')} render={(f) => <Input {...f} placeholder={t('auth.usernamePlaceholder')} data-testid="username" autoComplete="username" />} />
      <Field control={l.passwordForm.control} name="password" label={t('auth.password.label')} render={(f) => <Input.Password {...f} data-testid="password" autoComplete="current-password" />} />
      {l.captcha.needed && (
        <Form.Item label={t('auth.security.captcha')}>
          <Flex gap={8} align="center">
            <Input value={l.captcha.text} onChange={(e) => l.captcha.setText(e.target.value)} maxLength={8} data-testid="login-captcha" />
            {l.captcha.img && <img src={l.captcha.img} alt={t('auth.security.captchaAlt')} height={36} onClick={l.captcha.reload} style={{ cursor: 'pointer' }} />}
          </Flex>
        </Form.Item>
      )}
      <Field control={l.passwordForm.control} name="agree" render={(f) => <Agreement checked={f.value} onChange={f.onChange} />} />
      <Button type="primary" htmlType="submit" block data-testid="login-submit">
        {t('auth.login.submit')}
      </Button>
    </Form>
  );
  const items = [
    { key: 'sms', label: t('auth.login.sms'), children: sms },
    { key: 'password', label: t('auth.login.password'), children: password },
  ];
  if (wechat && wechat.provider !== 'none') {
    items.push({
      key: 'wechat',
      label: t('auth.login.wechat'),
      children: (
        <Flex vertical gap={12} align="center" style={{ padding: '16px 0' }}>
          {!wechat.configured && <Alert type="warning" showIcon title={t('auth.wechat.sandbox')} />}
          <Button type="primary" icon={<WechatOutlined />} size="large" onClick={() => void l.wechat()} data-testid="wechat-login">
            {t('auth.wechat.start')}
          </Button>
          <Typography.Text type="secondary">{t('auth.wechat.hint')}</Typography.Text>
        </Flex>
      ),
    });
  }
  return (
    <div data-testid="login-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('auth.login.title')}
      </Typography.Title>
      {sessionEnded && <Alert type="warning" showIcon title={t('errors.loggedOut')} style={{ marginBottom: 12 }} data-testid="session-ended" />}
      {wechatError && <Alert type="error" showIcon title={wechatError} style={{ marginBottom: 12 }} />}
      <Tabs items={items} destroyOnHidden />
      <Flex justify="space-between" style={{ marginTop: 12 }}>
        <Link to={ROUTES.forgetPassword}>{t('auth.login.forgot')}</Link>
        <Link to={ROUTES.register}>{t('auth.login.trial')}</Link>
      </Flex>
      <SecurityCheckModal check={l.check} />
      <ChangeInitialPasswordModal open={l.mustChangePassword} />
    </div>
  );
}
