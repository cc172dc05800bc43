// /register (spec 001 §2): phone + code + agreement; the first sign-in creates the account.
import { Button, Flex, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '../../app/paths.ts';
import { Agreement } from '../../components/Agreement.tsx';
import { CodeButton } from '../../components/CodeButton.tsx';
import { Field } from '../../components/Field.tsx';
import { SecurityCheckModal } from '../../components/SecurityCheckModal.tsx';
import { useRegister } from '../../hooks/useRegister.ts';

export function RegisterPage() {
  const { t } = useTranslation();
  const r = useRegister();
  return (
    <div data-testid="register-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('auth.register.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('auth.register.intro')}</Typography.Paragraph>
      <Form layout="vertical" onFinish={() => void r.submit()}>
        <Field control={r.form.control} name="phone" label={t('auth.phone')} render={(f) => <Input {...f} maxLength={11} data-testid="phone" />} />
        <Field
          control={r.form.control}
          name="code"
          label={t('auth.code.label')}
          render={(f) => (
            <Flex gap={8}>
              <Input {...f} maxLength={6} data-testid="code" />
              <CodeButton sender={r.sender} />
            </Flex>
          )}
        />
        <Field control={r.form.control} name="agree" render={(f) => <Agreement checked={f.value} onChange={f.onChange} />} />
        <Button type="primary" htmlType="submit" block data-testid="register-submit">
          {t('auth.register.submit')}
        </Button>
      </Form>
      <Flex justify="flex-end" style={{ marginTop: 12 }}>
        <Link to={ROUTES.login}>{t('auth.backToLogin')}</Link>
      </Flex>
      <SecurityCheckModal check={r.check} />
    </div>
  );
}
