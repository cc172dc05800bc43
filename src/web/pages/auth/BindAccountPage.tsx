// /bindAccount: a WeChat user binds a phone (spec 001 §2).
import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '../../app/paths.ts';
import { CodeButton } from '../../components/CodeButton.tsx';
import { Field } from '../../components/Field.tsx';
import { SecurityCheckModal } from '../../components/SecurityCheckModal.tsx';
import { useBindAccount } from '../../hooks/useBindAccount.ts';

export function BindAccountPage() {
  const { t } = useTranslation();
  const b = useBindAccount();
  return (
    <div data-testid="bind-account-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('auth.bind.title')}
      </Typography.Title>
      {!b.wechatTicket ? (
        <Alert type="warning" showIcon title={t('auth.bind.noTicket')} />
      ) : (
        <Form layout="vertical" onFinish={() => void b.submit()}>
          <Typography.Paragraph type="secondary">{t('auth.bind.intro', { name: b.nickname ?? '' })}</Typography.Paragraph>
          <Field control={b.form.control} name="phone" label={t('auth.phone')} render={(f) => <Input {...f} maxLength={11} data-testid="phone" />} />
          <Field
            control={b.form.control}
            name="code"
            label={t('auth.code.label')}
            render={(f) => (
              <Flex gap={8}>
                <Input {...f} maxLength={6} data-testid="code" />
                <CodeButton sender={b.sender} />
              </Flex>
            )}
          />
          <Button type="primary" htmlType="submit" block>
            {t('auth.bind.submit')}
          </Button>
        </Form>
      )}
      <Flex justify="flex-end" style={{ marginTop: 12 }}>
        <Link to={ROUTES.login}>{t('auth.backToLogin')}</Link>
      </Flex>
      <SecurityCheckModal check={b.check} />
    </div>
  );
}
