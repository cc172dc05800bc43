// A share link being made and copied (the share dialog's view / copy / report links, spec 001 §2, §3
// Share, §4; the Report step's "Share the report"): create it with the given request (its path made
// absolute), copy it to the clipboard (or show it when the clipboard is refused).
import { App } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ShareLink {
  url: string;
  expiresAt: string;
}

/** The link as the visitor opens it (the server may answer a path). */
export function absoluteUrl(url: string, origin: string): string {
  try {
    return new URL(url, origin).toString();
  } catch {
    return url;
  }
}

/** `request` (a stable function; null: nothing to share yet) asks the server for a link. */
export function useShareLink(request: (() => Promise<ShareLink>) | null) {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const [link, setLink] = useState<ShareLink | null>(null);
  const [creating, setCreating] = useState(false);

  const create = useCallback(async () => {
    if (!request) return;
    setCreating(true);
    try {
      const r = await request();
      setLink({ url: absoluteUrl(r.url, window.location.origin), expiresAt: r.expiresAt });
    } catch {
      // the client showed the error
    } finally {
      setCreating(false);
    }
  }, [request]);

  const copy = useCallback(async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
      void message.success(t('home.share.copied'));
    } catch {
      void message.info(link.url);
    }
  }, [link, message, t]);

  return { link, setLink, creating, create, copy };
}
