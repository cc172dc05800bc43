// /register: phone + SMS code + agreement. The first SMS sign-in registers the phone (spec 001 §2),
// then the new account completes its information.
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback } from 'react';
import { useForm } from 'react-hook-form';
import { login, sendSmsCode, type SecurityTicket } from '../api/auth.ts';
import { withLoading } from '../app/loading.ts';
import { registerForm, type RegisterForm } from '../forms/account-forms.ts';
import { useCodeSender } from './useCodeSender.ts';
import { useSecurityCheck } from './useSecurityCheck.ts';
import { useSignedIn } from './useSignedIn.ts';

export function useRegister() {
  const signedIn = useSignedIn();
  const check = useSecurityCheck();
  const form = useForm<RegisterForm>({ resolver: zodResolver(registerForm), defaultValues: { phone: '', code: '', agree: false } });
  const deliver = useCallback((t: SecurityTicket) => sendSmsCode(form.getValues('phone').trim(), 'login', t), [form]);
  const sender = useCodeSender(check.requestTicket, deliver);
  const send = useCallback(async () => ((await form.trigger('phone')) ? sender.send() : false), [form, sender]);
  const submit = form.handleSubmit(async (v) => {
    const answer = await withLoading(() => login({ loginType: 'sms', phone: v.phone.trim(), code: v.code.trim() })).catch(() => null);
    if (answer) signedIn(answer);
  });
  return { form, check, sender: { ...sender, send }, submit };
}
