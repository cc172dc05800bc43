// Binding a phone or an e-mail in the personal centre (spec 001 §2 "Binding"): the new address, a
// code sent to it after the security check, then bind.
import { zodResolver } from '@hookform/resolvers/zod';
import { App } from 'antd';
import { useCallback } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { SecurityTicket } from '../api/auth.ts';
import { bindPhoneOrEmail, sendBindCode, type AuthType } from '../api/user.ts';
import { withLoading } from '../app/loading.ts';
import { bindTargetForm, type BindTargetForm } from '../forms/account-forms.ts';
import { useCodeSender } from './useCodeSender.ts';
import { useSecurityCheck } from './useSecurityCheck.ts';

export function useBindTarget(authType: AuthType, onBound: () => void) {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const check = useSecurityCheck();
  const form = useForm<BindTargetForm>({
    resolver: zodResolver(bindTargetForm(authType)),
    defaultValues: { target: '', code: '' },
  });
  const deliver = useCallback((ticket: SecurityTicket) => sendBindCode(form.getValues('target').trim(), authType, ticket), [form, authType]);
  const sender = useCodeSender(check.requestTicket, deliver);
  const send = useCallback(async () => ((await form.trigger('target')) ? sender.send() : false), [form, sender]);
  const submit = form.handleSubmit(async (v) => {
    const ok = await withLoading(() => bindPhoneOrEmail(v.target.trim(), v.code.trim(), authType)).catch(() => null);
    if (!ok) return;
    void message.success(t('user.info.bound'));
    form.reset();
    onBound();
  });
  return { form, check, sender: { ...sender, send }, submit };
}
