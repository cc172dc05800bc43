// A paged, filtered list of the enterprise pages (companies, personnel, projects, equipment): the
// filter (a change goes back to page 1), the page, the rows and total of the last answer, loading,
// and reload after a change. `load` is one of api/enterprise.ts's list calls (a stable function);
// a failed load keeps the old rows (the client showed the error).
import { useCallback, useEffect, useRef, useState } from 'react';

export interface Paged<R> {
  list: R[];
  total: number;
}

export function useEnterprisePaged<F extends object, R>(load: (q: F & { page: number; size: number }) => Promise<Paged<R>>, initial: F, size = 10) {
  const [filter, setFilterState] = useState<F>(initial);
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<R[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  // Answers of an older request never overwrite a newer one.
  const latest = useRef(0);

  const reload = useCallback(async () => {
    const ticket = ++latest.current;
    setLoading(true);
    try {
      const r = await load({ ...filter, page, size });
      if (ticket !== latest.current) return;
      setRows(r.list);
      setTotal(r.total);
    } catch {
      // the client showed the error
    } finally {
      if (ticket === latest.current) setLoading(false);
    }
  }, [load, filter, page, size]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const setFilter = useCallback((patch: Partial<F>) => {
    setFilterState((f) => ({ ...f, ...patch }));
    setPage(1);
  }, []);

  return { filter, setFilter, page, setPage, size, rows, setRows, total, loading, reload };
}
