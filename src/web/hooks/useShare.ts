// The share dialog (spec 001 §2, §3 Share, §4): a view link (1, 3, 7 or 30 days), a copyable link
// (2 hours: a signed-in visitor copies the project into their account) or a report link; create it,
// copy it. Anyone with a link opens the project without signing in until it expires.
import { App } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHARE_DAYS } from '../../model/api/projects.ts';
import { shareCopyLink, shareProject, shareReportLink } from '../api/projects.ts';

export type ShareDays = (typeof SHARE_DAYS)[number];
export type ShareKind = 'view' | 'copy' | 'report';

/** The link as the visitor opens it (the server may answer a path). */
export function absoluteUrl(url: string, origin: string): string {
  try {
    return new URL(url, origin).toString();
  } catch {
    return url;
  }
}

export function useShare(projectId: number | null) {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const [kind, setKind] = useState<ShareKind>('view');
  const [days, setDays] = useState<ShareDays>(7);
  const [link, setLink] = useState<{ url: string; expiresAt: string } | null>(null);
  const [creating, setCreating] = useState(false);

  useEffect(() => setLink(null), [projectId, days, kind]);

  const create = useCallback(async () => {
    if (projectId === null) return;
    setCreating(true);
    try {
      const r = kind === 'copy' ? await shareCopyLink(projectId) : kind === 'report' ? await shareReportLink(projectId, days) : await shareProject(projectId, days);
      setLink({ url: absoluteUrl(r.url, window.location.origin), expiresAt: r.expiresAt });
    } catch {
      // toast shown
    } finally {
      setCreating(false);
    }
  }, [projectId, days, kind]);

  const copy = useCallback(async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
      void message.success(t('home.share.copied'));
    } catch {
      void message.info(link.url);
    }
  }, [link, message, t]);

  return { kind, setKind, days, setDays, link, creating, create, copy, options: SHARE_DAYS };
}
