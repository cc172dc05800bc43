// The plant's unread alarm count for the O&M menu's badge: loaded when the plant opens, every 30 s,
// and at once when the alarm page reads or deletes alarms (refreshAiomUnread).
import { useCallback, useEffect, useState } from 'react';
import { unreadAlarms } from '../api/alarms.ts';
import { AIOM_REFRESH_MS } from './useAiomOverview.ts';

const listeners = new Set<() => void>();

/** Asks every mounted badge to load the count again (after a read or delete). */
export function refreshAiomUnread(): void {
  for (const l of listeners) l();
}

export function useAiomUnread(projectId: number | null): number {
  const [unread, setUnread] = useState(0);
  const load = useCallback(() => {
    if (projectId === null) return;
    unreadAlarms(projectId)
      .then(setUnread)
      .catch(() => undefined);
  }, [projectId]);

  useEffect(() => {
    load();
    listeners.add(load);
    const timer = setInterval(load, AIOM_REFRESH_MS);
    return () => {
      listeners.delete(load);
      clearInterval(timer);
    };
  }, [load]);

  return projectId === null ? 0 : unread;
}
