// /forgetPassword (spec 001 §2): phone or e-mail, code, next; then the new password twice.
import { Button, Flex, Form, Input, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '../../app/paths.ts';
import { CodeButton } from '../../components/CodeButton.tsx';
import { Field } from '../../components/Field.tsx';
import { SecurityCheckModal } from '../../components/SecurityCheckModal.tsx';
import { useForgetPassword } from '../../hooks/useForgetPassword.ts';

export function ForgetPasswordPage() {
  const { t } = useTranslation();
  const f = useForgetPassword();
  return (
    <div data-testid="forget-password-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('auth.forget.title')}
      </Typography.Title>
      <Steps size="small" current={f.step} items={[{ title: t('auth.forget.verify') }, { title: t('auth.forget.reset') }]} style={{ marginBottom: 20 }} />
      {f.step === 0 ? (
        <Form layout="vertical" onFinish={() => void f.next()}>
          <Field control={f.identity.control} name="username" label={t('auth.username')} render={(x) => <Input {...x} placeholder={t('auth.usernamePlaceholder')} data-testid="username" />} />
          <Field
            control={f.identity.control}
            name="code"
            label={t('auth.code.label')}
            render={(x) => (
              <Flex gap={8}>
                <Input {...x} maxLength={6} data-testid="code" />
                <CodeButton sender={f.sender} />
              </Flex>
            )}
          />
          <Button type="primary" htmlType="submit" block data-testid="next">
            {t('common.next')}
          </Button>
        </Form>
      ) : (
        <Form layout="vertical" onFinish={() => void f.submit()}>
          <Field control={f.passwords.control} name="password" label={t('auth.password.new')} render={(x) => <Input.Password {...x} autoComplete="new-password" data-testid="new-password" />} />
          <Field control={f.passwords.control} name="confirmPassword" label={t('auth.password.confirm')} render={(x) => <Input.Password {...x} autoComplete="new-password" data-testid="confirm-password" />} />
          <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
            {t('auth.password.rule')}
          </Typography.Paragraph>
          <Flex gap={8}>
            <Button onClick={() => f.setStep(0)}>{t('common.previous')}</Button>
            <Button type="primary" htmlType="submit" style={{ flex: 1 }} data-testid="reset-submit">
              {t('common.submit')}
            </Button>
          </Flex>
        </Form>
      )}
      <Flex justify="flex-end" style={{ marginTop: 12 }}>
        <Link to={ROUTES.login}>{t('auth.backToLogin')}</Link>
      </Flex>
      <SecurityCheckModal check={f.check} />
    </div>
  );
}
