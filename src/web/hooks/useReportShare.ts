// The Report step's "Share the report" (spec 000 §7 share/report/url; spec 001 §4): a report share
// link (7 days by default) that opens /shareReport without sign-in until it expires.
import { App } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shareReportLink } from '../api/projects.ts';
import { absoluteUrl } from './useShare.ts';

export function useReportShare(projectId: number | null) {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const [link, setLink] = useState<{ url: string; expiresAt: string } | null>(null);
  const [creating, setCreating] = useState(false);

  const create = useCallback(async () => {
    if (projectId === null) return;
    setCreating(true);
    try {
      const r = await shareReportLink(projectId);
      setLink({ url: absoluteUrl(r.url, window.location.origin), expiresAt: r.expiresAt });
    } catch {
      // the client showed the error
    } finally {
      setCreating(false);
    }
  }, [projectId]);

  const copy = useCallback(async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
      void message.success(t('home.share.copied'));
    } catch {
      void message.info(link.url);
    }
  }, [link, message, t]);

  return { link, creating, create, copy, close: () => setLink(null) };
}
