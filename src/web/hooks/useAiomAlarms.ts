// The alarm page's list (alarm/getList): filters (level, active/cleared, read/unread, raised between
// two dates; a change goes back to page 1), paging, the selection, and read / delete of the selected
// (or given) alarms — each reloads the list, and every load refreshes the menu's unread badge.
import { useCallback, useState } from 'react';
import { deleteAlarms, listAlarms, readAlarms, type AlarmFilter } from '../api/alarms.ts';
import { refreshAiomUnread } from './useAiomUnread.ts';
import { usePagedList } from './usePagedList.ts';

export function useAiomAlarms(projectId: number, size = 20) {
  const [unread, setUnread] = useState(0);
  const [selected, setSelected] = useState<number[]>([]);
  const load = useCallback((q: AlarmFilter & { page: number; size: number }) => listAlarms(projectId, q), [projectId]);
  const onAnswer = useCallback((r: { unread: number }) => {
    setUnread(r.unread);
    // The menu's badge follows what this list has just seen (a new alarm since its last load).
    refreshAiomUnread();
  }, []);
  const { filter, setFilter, page, setPage, rows, total, loading, reload } = usePagedList(load, {} as AlarmFilter, size, { onAnswer });

  // Read or delete the given alarms, then clear the selection and reload.
  const apply = useCallback(
    async (ids: readonly number[], call: (ids: readonly number[]) => Promise<unknown>) => {
      if (ids.length === 0) return;
      await call(ids);
      setSelected([]);
      await reload();
    },
    [reload],
  );
  const markRead = useCallback((ids: readonly number[]) => apply(ids, readAlarms), [apply]);
  const remove = useCallback((ids: readonly number[]) => apply(ids, deleteAlarms), [apply]);

  return { filter, setFilter, page, setPage, size, rows, total, unread, loading, selected, setSelected, markRead, remove, reload };
}
