// One library list of the personal centre's equipment page (spec 001 §2 "Equipment information": module
// and inverter libraries, system and custom entries, source, enable / disable): the search (words of
// manufacturer and model), the source and status filters, paging, enable / disable with 'Status Updated
// Successfully', delete of a custom entry ('Deleted'), and reloading after the forms.
import { App } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteEntry, listInverters, listModules, setEntryEnabled, type InverterRow, type LibraryKind, type LibrarySource, type ModuleRow } from '../api/library.ts';

export const LIBRARY_PAGE_SIZE = 10;

export interface LibraryFilter {
  keyword: string;
  source: 'all' | LibrarySource;
  enabled: 'all' | 'enabled' | 'disabled';
}

type RowOf<K extends LibraryKind> = K extends 'module' ? ModuleRow : InverterRow;

export function useLibraryList<K extends LibraryKind>(kind: K) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [filter, setFilterState] = useState<LibraryFilter>({ keyword: '', source: 'all', enabled: 'all' });
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<RowOf<K>[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      const q = {
        page,
        size: LIBRARY_PAGE_SIZE,
        keyword: filter.keyword.trim() || undefined,
        source: filter.source,
        enabled: filter.enabled === 'all' ? undefined : filter.enabled === 'enabled',
      };
      const r = kind === 'module' ? await listModules(q) : await listInverters(q);
      setRows(r.list as RowOf<K>[]);
      setTotal(r.total);
    } catch {
      // the client showed the error
    } finally {
      setLoading(false);
    }
  }, [kind, page, filter]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const setFilter = useCallback((patch: Partial<LibraryFilter>) => {
    setFilterState((f) => ({ ...f, ...patch }));
    setPage(1);
  }, []);

  const setEnabled = useCallback(
    async (row: RowOf<K>, enabled: boolean) => {
      try {
        await setEntryEnabled(kind, row.id, enabled);
        void message.success(t('library.statusUpdated'));
        setRows((list) => list.map((r) => (r.id === row.id ? { ...r, enabled } : r)));
      } catch {
        // the client showed the error
      }
    },
    [kind, message, t],
  );

  const remove = useCallback(
    async (row: RowOf<K>) => {
      try {
        await deleteEntry(kind, row.id);
        void message.success(t('library.deleted'));
        await reload();
      } catch {
        // the client showed the error
      }
    },
    [kind, message, t, reload],
  );

  return { filter, setFilter, page, setPage, rows, total, loading, reload, setEnabled, remove };
}
