// Binding (or changing) the phone or the e-mail: the new address and its code.
import { Flex, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuthType } from '../api/user.ts';
import { useBindTarget } from '../hooks/useBindTarget.ts';
import { CodeButton } from './CodeButton.tsx';
import { Field } from './Field.tsx';
import { SecurityCheckModal } from './SecurityCheckModal.tsx';

export function BindTargetModal({ kind, open, onClose }: { kind: AuthType; open: boolean; onClose: (bound: boolean) => void }) {
  const { t } = useTranslation();
  const b = useBindTarget(kind, () => onClose(true));
  return (
    <Modal open={open} title={kind === 'phone' ? t('user.info.bindPhone') : t('user.info.bindEmail')} okText={t('common.confirm')} cancelText={t('common.cancel')} onOk={() => void b.submit()} onCancel={() => onClose(false)} destroyOnHidden>
      <Form layout="vertical" onFinish={() => void b.submit()}>
        <Field control={b.form.control} name="target" label={kind === 'phone' ? t('auth.phone') : t('auth.email')} render={(f) => <Input {...f} data-testid="bind-target" />} />
        <Field
          control={b.form.control}
          name="code"
          label={t('auth.code.label')}
          render={(f) => (
            <Flex gap={8}>
              <Input {...f} maxLength={6} data-testid="bind-code" />
              <CodeButton sender={b.sender} />
            </Flex>
          )}
        />
      </Form>
      <SecurityCheckModal check={b.check} />
    </Modal>
  );
}
