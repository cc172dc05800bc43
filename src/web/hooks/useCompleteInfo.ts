// /completeInfo and /addInformation (spec 001 §2 "Account information completion"): name, company,
// e-mail; the first completion adds 15 trial days (docs/PRODUCT.md). Skippable; `next` is where to go.
import { zodResolver } from '@hookform/resolvers/zod';
import { App } from 'antd';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { completeInfo, getDetail } from '../api/user.ts';
import { afterLoginUrl } from '../app/guard.ts';
import { withLoading } from '../app/loading.ts';
import { completeInfoForm, type CompleteInfoForm } from '../forms/account-forms.ts';
import { session } from '../session/session.ts';

export function useCompleteInfo() {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = afterLoginUrl(params.get('next') ? `?redirect=${encodeURIComponent(params.get('next') ?? '')}` : '');
  const form = useForm<CompleteInfoForm>({ resolver: zodResolver(completeInfoForm), defaultValues: { name: '', company: '', email: '' } });

  // The account's known values fill the form once read; a field the user has typed in meanwhile keeps
  // what they typed (the read may answer after they started).
  useEffect(() => {
    getDetail({ silent: true })
      .then((d) => form.reset({ name: d.name ?? d.nickName ?? '', company: d.company ?? '', email: d.contactEmail ?? d.email ?? '' }, { keepDirtyValues: true }))
      .catch(() => undefined);
  }, [form]);

  const submit = form.handleSubmit(async (v) => {
    const r = await withLoading(() => completeInfo({ name: v.name.trim(), company: v.company.trim() || undefined, email: v.email.trim() || undefined })).catch(() => null);
    if (!r) return;
    void message.success(r.trialExtended ? t('auth.complete.extended') : t('common.saved'));
    const detail = await getDetail({ silent: true }).catch(() => null);
    if (detail) session.userInfoLoaded(detail, detail.entitlements.licenses);
    void navigate(next, { replace: true });
  });
  const skip = () => void navigate(next, { replace: true });
  return { form, submit, skip };
}
