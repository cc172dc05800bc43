// Forgot password (spec 001 §2 "Password reset and change"): phone or e-mail, code (after the
// security check), next (the code is checked without being spent), then the new password twice.
import { zodResolver } from '@hookform/resolvers/zod';
import { App } from 'antd';
import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usernameKind } from '../../model/account.ts';
import { checkMailCode, checkSmsCode, sendMailCode, sendSmsCode, type SecurityTicket } from '../api/auth.ts';
import { resetPassword } from '../api/user.ts';
import { withLoading } from '../app/loading.ts';
import { ROUTES } from '../app/paths.ts';
import { newPasswordForm, resetIdentityForm, type NewPasswordForm, type ResetIdentityForm } from '../forms/account-forms.ts';
import { useCodeSender } from './useCodeSender.ts';
import { useSecurityCheck } from './useSecurityCheck.ts';

export function useForgetPassword() {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const check = useSecurityCheck();
  const [step, setStep] = useState<0 | 1>(0);
  const identity = useForm<ResetIdentityForm>({ resolver: zodResolver(resetIdentityForm), defaultValues: { username: '', code: '' } });
  const passwords = useForm<NewPasswordForm>({ resolver: zodResolver(newPasswordForm), defaultValues: { password: '', confirmPassword: '' } });

  const deliver = useCallback(
    (ticket: SecurityTicket) => {
      const name = identity.getValues('username').trim();
      return usernameKind(name) === 'email' ? sendMailCode(name, 'reset', ticket) : sendSmsCode(name, 'reset', ticket);
    },
    [identity],
  );
  const sender = useCodeSender(check.requestTicket, deliver);
  const send = useCallback(async () => ((await identity.trigger('username')) ? sender.send() : false), [identity, sender]);

  const next = identity.handleSubmit(async (v) => {
    const name = v.username.trim();
    const ok = await withLoading(() => (usernameKind(name) === 'email' ? checkMailCode(name, v.code.trim(), 'reset') : checkSmsCode(name, v.code.trim(), 'reset'))).catch(() => null);
    if (ok) setStep(1);
  });

  const submit = passwords.handleSubmit(async (v) => {
    const { username, code } = identity.getValues();
    const done = await withLoading(() => resetPassword({ username: username.trim(), code: code.trim(), password: v.password, confirmPassword: v.confirmPassword })).catch(() => null);
    if (!done) return;
    void message.success(t('auth.password.changed'));
    void navigate(ROUTES.login);
  });

  return { step, setStep, identity, passwords, check, sender: { ...sender, send }, next, submit };
}
