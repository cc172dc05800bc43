// The member dialog (spec 001 §2 personnel, §3 Member, §6 per-member settings): adding by name and
// mobile number and/or e-mail (an unregistered person is invited by SMS / e-mail unless unticked), or
// changing a member's name, create-project permission, drone photo quota and seat; the super
// administrator also names administrators. The join date is shown when editing.
import { Button, Checkbox, Form, Input, InputNumber, Modal, Select, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ENTERPRISE_LIMITS } from '../../../model/api/enterprise.ts';
import type { MemberAnswer, MemberRow } from '../../api/enterprise.ts';
import { formatDate } from '../../format.ts';
import { useEnterpriseMemberForm } from '../../hooks/useEnterpriseMemberForm.ts';
import { FormField } from './FormField.tsx';

export interface MemberFormModalProps {
  open: boolean;
  /** The member being changed; null: a new one. */
  member: MemberRow | null;
  /** The signed-in user is the super administrator (names administrators). */
  canSetRole: boolean;
  onSaved(answer: MemberAnswer | null): void;
  onClose(): void;
}

export function MemberFormModal({ open, member, canSetRole, onSaved, onClose }: MemberFormModalProps) {
  const { t } = useTranslation();
  const f = useEnterpriseMemberForm(open, member, canSetRole, onSaved);
  const { control } = f.form;
  const roleFixed = member?.role === 'super_admin';
  return (
    <Modal
      open={open}
      title={member ? t('enterprise.people.edit') : t('enterprise.people.add')}
      onCancel={onClose}
      width={560}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={f.saving} onClick={() => void f.submit()} data-testid="member-save">
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Form layout="vertical" component={false}>
        <div data-testid="member-form">
          <FormField control={control} name="name" label={t('enterprise.people.fields.name')} required render={(field) => <Input {...field} maxLength={50} data-testid="member-name" />} />
          {member ? (
            <Typography.Paragraph type="secondary">
              {[member.phone, member.email].filter(Boolean).join(' · ')} · {t('enterprise.people.fields.joinTime')}: {formatDate(member.joinTime)}
            </Typography.Paragraph>
          ) : (
            <>
              <FormField control={control} name="phone" label={t('enterprise.people.fields.phone')} render={(field) => <Input {...field} maxLength={11} data-testid="member-phone" />} />
              <FormField control={control} name="email" label={t('enterprise.people.fields.email')} render={(field) => <Input {...field} maxLength={254} data-testid="member-email" />} />
            </>
          )}
          <Space size={24} wrap>
            <FormField control={control} name="canCreateProject" label={t('enterprise.people.fields.canCreateProject')} render={(field) => <Switch checked={field.value} onChange={field.onChange} data-testid="member-canCreateProject" />} />
            <FormField control={control} name="seat" label={t('enterprise.people.fields.seat')} render={(field) => <Switch checked={field.value} onChange={field.onChange} data-testid="member-seat" />} />
          </Space>
          <FormField
            control={control}
            name="photoQuota"
            label={t('enterprise.people.fields.photoQuota')}
            extra={member?.photoUsed != null ? t('enterprise.people.photoUsed', { used: member.photoUsed }) : undefined}
            render={(field) => <InputNumber {...field} value={field.value} onChange={(v) => field.onChange(v ?? 0)} min={0} max={ENTERPRISE_LIMITS.maxNumber} precision={0} style={{ width: 200 }} data-testid="member-photoQuota" />}
          />
          {canSetRole && !roleFixed && (
            <FormField
              control={control}
              name="role"
              label={t('enterprise.people.fields.role')}
              render={(field) => (
                <Select {...field} style={{ width: 200 }} options={(['member', 'admin'] as const).map((r) => ({ value: r, label: t(`enterprise.roles.${r}`) }))} data-testid="member-role" />
              )}
            />
          )}
          {!member && <FormField control={control} name="invite" render={(field) => <Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} data-testid="member-invite">{t('enterprise.people.fields.invite')}</Checkbox>} />}
        </div>
      </Form>
    </Modal>
  );
}
