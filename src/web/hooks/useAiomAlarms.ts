// The alarm page's list (alarm/getList): filters (level, active/cleared, read/unread, raised between
// two dates; a change goes back to page 1), paging, the selection, and read / delete of the selected
// (or given) alarms — each reloads the list, and every load refreshes the menu's unread badge.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Alarm } from '../../model/api/alarms.ts';
import { deleteAlarms, listAlarms, readAlarms, type AlarmFilter } from '../api/alarms.ts';
import { refreshAiomUnread } from './useAiomUnread.ts';

export function useAiomAlarms(projectId: number, size = 20) {
  const [filter, setFilterState] = useState<AlarmFilter>({});
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<Alarm[]>([]);
  const [total, setTotal] = useState(0);
  const [unread, setUnread] = useState(0);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const latest = useRef(0);

  const reload = useCallback(async () => {
    const ticket = ++latest.current;
    setLoading(true);
    try {
      const r = await listAlarms(projectId, { ...filter, page, size });
      if (ticket !== latest.current) return;
      setRows(r.list);
      setTotal(r.total);
      setUnread(r.unread);
      // The menu's badge follows what this list has just seen (a new alarm since its last load).
      refreshAiomUnread();
    } catch {
      // the client showed the error
    } finally {
      if (ticket === latest.current) setLoading(false);
    }
  }, [projectId, filter, page, size]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const setFilter = useCallback((patch: Partial<AlarmFilter>) => {
    setFilterState((f) => ({ ...f, ...patch }));
    setPage(1);
  }, []);

  const markRead = useCallback(
    async (ids: readonly number[]) => {
      if (ids.length === 0) return;
      await readAlarms(ids);
      setSelected([]);
      await reload();
    },
    [reload],
  );

  const remove = useCallback(
    async (ids: readonly number[]) => {
      if (ids.length === 0) return;
      await deleteAlarms(ids);
      setSelected([]);
      await reload();
    },
    [reload],
  );

  return { filter, setFilter, page, setPage, size, rows, total, unread, loading, selected, setSelected, markRead, remove, reload };
}
