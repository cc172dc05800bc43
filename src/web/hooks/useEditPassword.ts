// Change the password of a signed-in user (spec 001 §2, §7 updateUserPassword): an identity code to
// the user's own phone (or e-mail), then the new password twice; the other sessions end.
import { zodResolver } from '@hookform/resolvers/zod';
import { App } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SecurityTicket } from '../api/auth.ts';
import { getDetail, sendIdentityCode, updatePassword, type AuthType } from '../api/user.ts';
import { withLoading } from '../app/loading.ts';
import { ROUTES } from '../app/paths.ts';
import { changePasswordForm, type ChangePasswordForm } from '../forms/account-forms.ts';
import { useCodeSender } from './useCodeSender.ts';
import { useSecurityCheck } from './useSecurityCheck.ts';

export function useEditPassword() {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const check = useSecurityCheck();
  const [targets, setTargets] = useState<{ phone: string | null; email: string | null } | null>(null);
  const [authType, setAuthType] = useState<AuthType>('phone');
  const form = useForm<ChangePasswordForm>({ resolver: zodResolver(changePasswordForm), defaultValues: { code: '', password: '', confirmPassword: '' } });

  useEffect(() => {
    getDetail()
      .then((d) => {
        setTargets({ phone: d.bind.phone, email: d.bind.email });
        if (!d.bind.phone && d.bind.email) setAuthType('email');
      })
      .catch(() => setTargets(null));
  }, []);

  const deliver = useCallback((ticket: SecurityTicket) => sendIdentityCode(authType, ticket), [authType]);
  const sender = useCodeSender(check.requestTicket, deliver);

  const submit = form.handleSubmit(async (v) => {
    const done = await withLoading(() => updatePassword({ code: v.code.trim(), password: v.password, confirmPassword: v.confirmPassword, authType })).catch(() => null);
    if (!done) return;
    void message.success(t('auth.password.changed'));
    void navigate(ROUTES.userInfo);
  });

  return { form, check, sender, submit, targets, authType, setAuthType };
}
