// The project's thumbnail from the report (issue 17 "thumbnails"; spec 000 §5 'Upload a maximum of 6
// screenshots!'): when the report is shown and the project has no screenshot yet, the 3D view is saved
// as its first screenshot (the project list's card shows the first one); "Save as screenshot" adds
// the current view, refused with the spec's message once the project holds 6.
import { App } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROJECT_LIMITS } from '../../model/api/projects.ts';
import { listScreenshots, uploadScreenshot } from '../api/report.ts';

/** Wait before the automatic snapshot, so that the view has drawn its first frames [ms]. */
const SETTLE_MS = 800;

/** Whether one more screenshot may be added to `count` (spec 000 §5, §9: at most 6). */
export function canAddScreenshot(count: number, max: number = PROJECT_LIMITS.maxScreenshots): boolean {
  return count < max;
}

export function useReportThumbnail(projectId: number | null, ready: boolean) {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const snapshot = useRef<(() => Promise<Blob | null>) | null>(null);
  const [saving, setSaving] = useState(false);
  const [autoSaved, setAutoSaved] = useState(false);
  const onSnapshot = useCallback((fn: () => Promise<Blob | null>) => {
    snapshot.current = fn;
  }, []);

  useEffect(() => {
    if (projectId === null || !ready || autoSaved) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      void (async () => {
        try {
          const list = await listScreenshots(projectId);
          if (cancelled || list.list.length > 0 || !snapshot.current) return;
          const png = await snapshot.current();
          if (png && !cancelled) await uploadScreenshot(projectId, png);
          if (!cancelled) setAutoSaved(true);
        } catch {
          // a thumbnail is a convenience: the report stays usable without it
        }
      })();
    }, SETTLE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [projectId, ready, autoSaved]);

  const save = useCallback(async () => {
    if (projectId === null || !snapshot.current) return;
    setSaving(true);
    try {
      const list = await listScreenshots(projectId);
      if (!canAddScreenshot(list.list.length, list.max)) {
        void message.warning(t('report.thumbnail.maxScreenshots'));
        return;
      }
      const png = await snapshot.current();
      if (!png) throw new Error('no image');
      await uploadScreenshot(projectId, png);
      void message.success(t('report.thumbnail.saved'));
    } catch {
      void message.error(t('report.download.failed'));
    } finally {
      setSaving(false);
    }
  }, [projectId, message, t]);

  return { onSnapshot, save, saving };
}
