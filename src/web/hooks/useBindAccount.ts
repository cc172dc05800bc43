// /bindAccount (spec 001 §2 "a WeChat user must bind a phone"): the WeChat pickup ticket from the url,
// a phone and its code (scene bind); joins the existing account of that phone or registers one.
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { sendSmsCode, wechatBindPhone, type SecurityTicket } from '../api/auth.ts';
import { withLoading } from '../app/loading.ts';
import { bindPhoneForm, type BindPhoneForm } from '../forms/account-forms.ts';
import { useCodeSender } from './useCodeSender.ts';
import { useSecurityCheck } from './useSecurityCheck.ts';
import { useSignedIn } from './useSignedIn.ts';

export function useBindAccount() {
  const [params] = useSearchParams();
  const wechatTicket = params.get('wechatTicket');
  const signedIn = useSignedIn();
  const check = useSecurityCheck();
  const form = useForm<BindPhoneForm>({ resolver: zodResolver(bindPhoneForm), defaultValues: { phone: '', code: '' } });
  const deliver = useCallback((t: SecurityTicket) => sendSmsCode(form.getValues('phone').trim(), 'bind', t), [form]);
  const sender = useCodeSender(check.requestTicket, deliver);
  const send = useCallback(async () => ((await form.trigger('phone')) ? sender.send() : false), [form, sender]);
  const submit = form.handleSubmit(async (v) => {
    if (!wechatTicket) return;
    const answer = await withLoading(() => wechatBindPhone(wechatTicket, v.phone.trim(), v.code.trim())).catch(() => null);
    if (answer) signedIn(answer);
  });
  return { wechatTicket, nickname: params.get('nickname'), form, check, sender: { ...sender, send }, submit };
}
