// The login page's logic (spec 001 §2 "Login and registration"): the modes (phone + code,
// phone/e-mail + password, WeChat QR when the server has it), the security check before codes, the
// agreement, the graphic captcha the server asks for after wrong passwords, and the forced change of
// the initial password.
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { getProviders, login, sendSmsCode, startWechatLogin } from '../api/auth.ts';
import { ApiError } from '../api/http.ts';
import type { providersSchema } from '../../model/api/account-answers.ts';
import { withLoading } from '../app/loading.ts';
import { passwordLoginForm, smsLoginForm, type PasswordLoginForm, type SmsLoginForm } from '../forms/account-forms.ts';
import { useSession } from '../session/session.ts';
import { useCodeSender } from './useCodeSender.ts';
import { useGraphicCaptcha } from './useGraphicCaptcha.ts';
import { useSecurityCheck } from './useSecurityCheck.ts';
import { useSignedIn } from './useSignedIn.ts';

export type Providers = z.infer<typeof providersSchema>;

export function useLogin() {
  const signedIn = useSignedIn();
  const s = useSession();
  const [providers, setProviders] = useState<Providers | null>(null);
  const [captchaNeeded, setCaptchaNeeded] = useState(false);
  const [captchaText, setCaptchaText] = useState('');
  const captcha = useGraphicCaptcha(captchaNeeded);
  const check = useSecurityCheck();

  useEffect(() => {
    getProviders()
      .then(setProviders)
      .catch(() => setProviders(null));
  }, []);

  const smsForm = useForm<SmsLoginForm>({ resolver: zodResolver(smsLoginForm), defaultValues: { phone: '', code: '', agree: false } });
  const passwordForm = useForm<PasswordLoginForm>({ resolver: zodResolver(passwordLoginForm), defaultValues: { username: '', password: '', agree: false } });

  const deliver = useCallback((t: { randstr: string; ticket: string }) => sendSmsCode(smsForm.getValues('phone').trim(), 'login', t), [smsForm]);
  const sender = useCodeSender(check.requestTicket, deliver);

  /** The code button: the phone must be valid first. */
  const sendCode = useCallback(async () => ((await smsForm.trigger('phone')) ? sender.send() : false), [smsForm, sender]);

  const submitSms = smsForm.handleSubmit(async (v) => {
    const answer = await withLoading(() => login({ loginType: 'sms', phone: v.phone.trim(), code: v.code.trim() })).catch(() => null);
    if (answer) signedIn(answer);
  });

  const submitPassword = passwordForm.handleSubmit(async (v) => {
    try {
      const answer = await withLoading(() =>
        login({
          loginType: 'password',
          username: v.username.trim(),
          password: v.password,
          ...(captchaNeeded && captcha.uuid ? { uuid: captcha.uuid, captcha: captchaText.trim() } : {}),
        }),
      );
      signedIn(answer);
    } catch (e) {
      // After repeated wrong passwords the server wants the graphic captcha too (data.captchaRequired).
      if (e instanceof ApiError && e.details?.captchaRequired) {
        setCaptchaNeeded(true);
        captcha.reload();
      }
      setCaptchaText('');
    }
  });

  const wechat = useCallback(async () => {
    const qr = await startWechatLogin().catch(() => null);
    // Full-page redirect: the COEP header forbids a cross-origin iframe (server note).
    if (qr) window.location.assign(qr.url);
  }, []);

  return {
    providers,
    smsForm,
    passwordForm,
    submitSms,
    submitPassword,
    sendCode,
    sender,
    check,
    captcha: { needed: captchaNeeded, img: captcha.img, reload: captcha.reload, text: captchaText, setText: setCaptchaText },
    wechat,
    /** The session may only change the initial password (after a sign-in with it, or a 428). */
    mustChangePassword: s.token !== null && s.mustChangePassword,
  };
}
