// The company dialog's logic (spec 001 §2 "Company information: name, address, contact person, phone,
// email, logo", §3 Company): react-hook-form validated by the shared schema (addCompanyBody: name
// required, e-mail format; components/enterprise/form-rules.ts), reset whenever the dialog opens;
// saving adds or updates ('Added successfully' / 'Updated'); a refusal naming a field is shown under it.
import { zodResolver } from '@hookform/resolvers/zod';
import { App } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { addCompany, updateCompany, type Company } from '../api/enterprise.ts';
import { ApiError } from '../api/http.ts';
import { companyForm } from '../components/enterprise/form-rules.ts';
export type CompanyFormIn = z.input<typeof companyForm>;
export type CompanyFormOut = z.output<typeof companyForm>;

const EMPTY: CompanyFormIn = { name: '', address: '', contact: '', phone: '', email: '' };

export function useEnterpriseCompanyForm(open: boolean, company: Company | null, onSaved: (c: Company) => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const form = useForm<CompanyFormIn, unknown, CompanyFormOut>({ resolver: zodResolver(companyForm), defaultValues: EMPTY });
  const [saving, setSaving] = useState(false);
  const { reset } = form;
  // Reset when the dialog opens or turns to another company (an image change keeps what is typed).
  const current = useRef(company);
  current.current = company;
  const companyId = company?.id ?? null;
  useEffect(() => {
    if (!open) return;
    const c = current.current;
    reset(c ? { name: c.name, address: c.address ?? '', contact: c.contact ?? '', phone: c.phone ?? '', email: c.email ?? '' } : EMPTY);
  }, [open, companyId, reset]);

  const submit = form.handleSubmit(async (v) => {
    setSaving(true);
    try {
      const saved = company ? await updateCompany(company.id, v) : await addCompany(v);
      void message.success(company ? t('common.updated') : t('enterprise.added'));
      onSaved(saved);
    } catch (e) {
      if (e instanceof ApiError && e.field && e.field in EMPTY) form.setError(e.field as Path<CompanyFormIn>, { type: 'server', message: e.message });
      else if (e instanceof ApiError) void message.error(e.message);
      else throw e;
    } finally {
      setSaving(false);
    }
  });
  return { form, saving, submit };
}
