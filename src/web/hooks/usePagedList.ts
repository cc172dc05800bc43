// A paged, filtered list (the enterprise pages — companies, personnel, projects, equipment — and the
// O&M plant list, alarms and patrol tasks): the filter (a change goes back to page 1), the page, the
// rows and total of the last answer, loading, and reload after a change. `load` is a list call (a
// stable function); a failed load keeps the old rows (the client showed the error). Answers of an
// older request never overwrite a newer one.
import { useCallback, useEffect, useRef, useState } from 'react';

export interface Paged<R> {
  list: R[];
  total: number;
}

/** A row of an answer. */
type RowOf<A extends Paged<unknown>> = A['list'][number];

/** Optional steps after an answer (stable functions). */
export interface PagedListSteps<A extends Paged<unknown>> {
  /** Called with each current answer (e.g. counts the answer carries beside the rows). */
  onAnswer?: (answer: A) => void;
  /** A slower second pass over the shown rows (e.g. per-row figures), shown when it ends if still current. */
  refine?: (rows: RowOf<A>[]) => Promise<RowOf<A>[]>;
}

export function usePagedList<F extends object, A extends Paged<unknown>>(
  load: (q: F & { page: number; size: number }) => Promise<A>,
  initial: F,
  size = 10,
  steps: PagedListSteps<A> = {},
) {
  const { onAnswer, refine } = steps;
  const [filter, setFilterState] = useState<F>(initial);
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<RowOf<A>[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);

  const reload = useCallback(async () => {
    const ticket = ++latest.current;
    setLoading(true);
    try {
      const r = await load({ ...filter, page, size });
      if (ticket !== latest.current) return;
      setRows(r.list);
      setTotal(r.total);
      onAnswer?.(r);
      if (refine) {
        const full = await refine(r.list);
        if (ticket === latest.current) setRows(full);
      }
    } catch {
      // the client showed the error
    } finally {
      if (ticket === latest.current) setLoading(false);
    }
  }, [load, filter, page, size, onAnswer, refine]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const setFilter = useCallback((patch: Partial<F>) => {
    setFilterState((f) => ({ ...f, ...patch }));
    setPage(1);
  }, []);

  return { filter, setFilter, page, setPage, size, rows, setRows, total, loading, reload };
}
