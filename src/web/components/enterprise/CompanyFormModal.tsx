// The company dialog (spec 001 §2 "Company information", §3 Company: name, address, contact person,
// phone, e-mail, logo, and the PPT profile template): the fields, then — once the company exists —
// its logo and the PPT profile and cover images.
import { Button, Divider, Form, Input, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { companyImageKinds } from '../../../model/api/enterprise.ts';
import type { Company } from '../../api/enterprise.ts';
import { useEnterpriseCompanyForm } from '../../hooks/useEnterpriseCompanyForm.ts';
import { CompanyImageSlot } from './CompanyImageSlot.tsx';
import { FormField } from './FormField.tsx';

export interface CompanyFormModalProps {
  open: boolean;
  /** The company being edited; null: a new one. */
  company: Company | null;
  /** After a save or an image change (the dialog stays open on a new company to add its images). */
  onChanged(c: Company): void;
  onClose(): void;
}

export function CompanyFormModal({ open, company, onChanged, onClose }: CompanyFormModalProps) {
  const { t } = useTranslation();
  const f = useEnterpriseCompanyForm(open, company, onChanged);
  const { control } = f.form;
  const text = (name: 'name' | 'address' | 'contact' | 'phone' | 'email', max: number, required = false) => (
    <FormField control={control} name={name} label={t(`enterprise.companies.fields.${name}`)} required={required} render={(field) => <Input {...field} value={field.value ?? ''} maxLength={max} data-testid={`company-${name}`} />} />
  );
  return (
    <Modal
      open={open}
      title={company ? t('enterprise.companies.edit') : t('enterprise.companies.add')}
      onCancel={onClose}
      width={640}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={f.saving} onClick={() => void f.submit()} data-testid="company-save">
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Form layout="vertical" component={false}>
        <div data-testid="company-form">
          {text('name', 100, true)}
          {text('address', 200)}
          {text('contact', 50)}
          {text('phone', 32)}
          {text('email', 254)}
        </div>
      </Form>
      <Divider />
      {company ? (
        companyImageKinds.map((kind) => <CompanyImageSlot key={kind} company={company} kind={kind} onChanged={onChanged} />)
      ) : (
        <Typography.Text type="secondary">{t('enterprise.companies.saveFirst')}</Typography.Text>
      )}
    </Modal>
  );
}
