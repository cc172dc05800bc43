// The user service agreement checkbox (spec 001 §2: must be ticked before login) with the agreement
// text in a dialog.
import { Checkbox, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export function Agreement({ checked, onChange, testId }: { checked: boolean; onChange: (v: boolean) => void; testId?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Checkbox checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid={testId ?? 'agree'}>
        {t('auth.agreement.prefix')}
        <Typography.Link
          onClick={(e) => {
            e.preventDefault();
            setOpen(true);
          }}
        >
          {t('auth.agreement.name')}
        </Typography.Link>
      </Checkbox>
      <Modal open={open} title={t('auth.agreement.name')} footer={null} onCancel={() => setOpen(false)}>
        <Typography.Paragraph>{t('auth.agreement.text')}</Typography.Paragraph>
      </Modal>
    </>
  );
}
