// The dialog of the forced initial-password change.
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useChangeInitialPassword } from '../hooks/useChangeInitialPassword.ts';
import { Field } from './Field.tsx';

export function ChangeInitialPasswordModal({ open }: { open: boolean }) {
  const { t } = useTranslation();
  const { form, submit, cancel } = useChangeInitialPassword();
  return (
    <Modal open={open} title={t('auth.initial.title')} okText={t('common.confirm')} cancelText={t('header.logout')} onOk={() => void submit()} onCancel={cancel} mask={{ closable: false }} closable={false}>
      <Alert type="warning" showIcon title={t('auth.initial.notice')} style={{ marginBottom: 16 }} />
      <Form layout="vertical" onFinish={() => void submit()} data-testid="initial-password-form">
        <Field control={form.control} name="password" label={t('auth.password.new')} required render={(f) => <Input.Password {...f} autoComplete="new-password" data-testid="new-password" />} />
        <Field control={form.control} name="confirmPassword" label={t('auth.password.confirm')} required render={(f) => <Input.Password {...f} autoComplete="new-password" data-testid="confirm-password" />} />
        <div style={{ color: '#8c8c8c', fontSize: 12 }}>{t('auth.password.rule')}</div>
      </Form>
    </Modal>
  );
}
