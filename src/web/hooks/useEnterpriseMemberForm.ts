// The member dialog's logic (spec 001 §2 personnel "add", §3 Member: full name, mobile or e-mail,
// create-project permission, drone photo quota, seats; §5 "enter personnel name", numbers 0–999999;
// §6 per-member settings): a new member is validated by the shared addMemberBody (a name, a mobile
// number or e-mail in the spec's formats), a change by updateMemberBody (only name, permission,
// quota, seat and — for the super administrator — the role change); a refusal naming a field is
// shown under it; an add says how its invitation went.
import { zodResolver } from '@hookform/resolvers/zod';
import { App } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm, type Path, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { addMember, updateMember, type MemberAnswer, type MemberChange, type MemberRow } from '../api/enterprise.ts';
import { ApiError } from '../api/http.ts';
import { addMemberForm, editMemberForm } from '../components/enterprise/form-rules.ts';

/** The dialog's values (both modes; phone, e-mail and invite only count when adding). */
export interface MemberFormValues {
  name: string;
  phone: string;
  email: string;
  canCreateProject: boolean;
  photoQuota: number;
  seat: boolean;
  role: 'admin' | 'member';
  invite: boolean;
}

const NEW_MEMBER: MemberFormValues = { name: '', phone: '', email: '', canCreateProject: true, photoQuota: 0, seat: false, role: 'member', invite: true };

function valuesOf(m: MemberRow): MemberFormValues {
  return { name: m.name, phone: m.phone ?? '', email: m.email ?? '', canCreateProject: m.canCreateProject, photoQuota: m.photoQuota, seat: m.seat, role: m.role === 'admin' ? 'admin' : 'member', invite: false };
}

/** Both schemas' resolvers behind the one form (the mode picks). */
const addResolver = zodResolver(addMemberForm) as unknown as Resolver<MemberFormValues>;
const editResolver = zodResolver(editMemberForm) as unknown as Resolver<MemberFormValues>;

export function useEnterpriseMemberForm(open: boolean, member: MemberRow | null, canSetRole: boolean, onSaved: (answer: MemberAnswer | null) => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const editing = member !== null;
  // one resolver that follows the mode (useForm reads its options once)
  const mode = useRef(editing);
  mode.current = editing;
  const resolver = useCallback<Resolver<MemberFormValues>>((values, context, options) => (mode.current ? editResolver : addResolver)(values, context, options), []);
  const form = useForm<MemberFormValues>({ resolver, defaultValues: NEW_MEMBER });
  const [saving, setSaving] = useState(false);
  const { reset } = form;
  const current = useRef(member);
  current.current = member;
  const memberId = member?.id ?? null;
  useEffect(() => {
    if (open) reset(current.current ? valuesOf(current.current) : NEW_MEMBER);
  }, [open, memberId, reset]);

  const submit = form.handleSubmit(async (v) => {
    setSaving(true);
    try {
      if (member) {
        const change: MemberChange = { name: v.name, canCreateProject: v.canCreateProject, photoQuota: v.photoQuota, seat: v.seat };
        if (canSetRole && member.role !== 'super_admin' && v.role !== member.role) change.role = v.role;
        await updateMember(member.id, change);
        void message.success(t('common.updated'));
        onSaved(null);
      } else {
        const answer = await addMember({
          name: v.name,
          phone: v.phone.trim() || undefined,
          email: v.email.trim() || undefined,
          canCreateProject: v.canCreateProject,
          photoQuota: v.photoQuota,
          seat: v.seat,
          role: canSetRole ? v.role : 'member',
          invite: v.invite,
        });
        void message.success(t('enterprise.added'));
        onSaved(answer);
      }
    } catch (e) {
      if (e instanceof ApiError && e.field && e.field in NEW_MEMBER) form.setError(e.field as Path<MemberFormValues>, { type: 'server', message: e.message }, { shouldFocus: true });
      else if (e instanceof ApiError) void message.error(e.message);
      else throw e;
    } finally {
      setSaving(false);
    }
  });

  return { form, saving, submit, editing };
}
