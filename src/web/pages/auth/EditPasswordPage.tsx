// /editPassword (spec 000 §2, 001 §2): signed in → change the password with an identity code;
// signed out → the forgot-password flow.
import { Button, Flex, Form, Input, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { ROUTES } from '../../app/paths.ts';
import { CodeButton } from '../../components/CodeButton.tsx';
import { Field } from '../../components/Field.tsx';
import { SecurityCheckModal } from '../../components/SecurityCheckModal.tsx';
import { useEditPassword } from '../../hooks/useEditPassword.ts';
import { useSession } from '../../session/session.ts';

function ChangePassword() {
  const { t } = useTranslation();
  const e = useEditPassword();
  return (
    <div data-testid="edit-password-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('auth.edit.title')}
      </Typography.Title>
      <Form layout="vertical" onFinish={() => void e.submit()}>
        <Form.Item label={t('auth.edit.sendTo')}>
          <Radio.Group value={e.authType} onChange={(x) => e.setAuthType(x.target.value as 'phone' | 'email')}>
            <Radio value="phone" disabled={!e.targets?.phone}>
              {t('auth.phone')} {e.targets?.phone ?? ''}
            </Radio>
            <Radio value="email" disabled={!e.targets?.email}>
              {t('auth.email')} {e.targets?.email ?? ''}
            </Radio>
          </Radio.Group>
        </Form.Item>
        <Field
          control={e.form.control}
          name="code"
          label={t('auth.code.label')}
          render={(f) => (
            <Flex gap={8}>
              <Input {...f} maxLength={6} data-testid="code" />
              <CodeButton sender={e.sender} />
            </Flex>
          )}
        />
        <Field control={e.form.control} name="password" label={t('auth.password.new')} render={(f) => <Input.Password {...f} autoComplete="new-password" data-testid="new-password" />} />
        <Field control={e.form.control} name="confirmPassword" label={t('auth.password.confirm')} render={(f) => <Input.Password {...f} autoComplete="new-password" data-testid="confirm-password" />} />
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
          {t('auth.password.rule')}
        </Typography.Paragraph>
        <Button type="primary" htmlType="submit" block>
          {t('common.submit')}
        </Button>
      </Form>
      <Flex justify="flex-end" style={{ marginTop: 12 }}>
        <Link to={ROUTES.userInfo}>{t('user.menu.info')}</Link>
      </Flex>
      <SecurityCheckModal check={e.check} />
    </div>
  );
}

export function EditPasswordPage() {
  const { token } = useSession();
  return token ? <ChangePassword /> : <Navigate to={ROUTES.forgetPassword} replace />;
}
