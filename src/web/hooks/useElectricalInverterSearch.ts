// The Electrical step's inverter search: the enabled inverters of the user's library whose
// manufacturer and model hold every word typed (in any order and case, like the module search of the
// PV layout step) and whose rated AC power lies in the range given — asked a quiet moment after the
// last change, the previous request cancelled. It is loading from the very render that changes the
// query until the answer to that query (or its failure) arrives, so the list shown is never taken for
// the answer to words it was not asked with.
import { useEffect, useState } from 'react';
import { searchInverters, type InverterSummary } from '../api/electrical.ts';

/** Wait this long after the last change before asking [ms]. */
export const INVERTER_SEARCH_DEBOUNCE_MS = 250;

export interface InverterSearchQuery {
  readonly keyword: string;
  /** Rated AC power range [kW]; null: open. */
  readonly minKw: number | null;
  readonly maxKw: number | null;
}

export function useElectricalInverterSearch(q: InverterSearchQuery): { options: InverterSummary[]; loading: boolean } {
  const words = q.keyword.trim().replace(/\s+/g, ' ');
  const { minKw, maxKw } = q;
  const query = JSON.stringify([words, minKw, maxKw]);
  // The last answer and the query it answers (a failed search keeps the previous list).
  const [answer, setAnswer] = useState<{ query: string; list: InverterSummary[] } | null>(null);
  useEffect(() => {
    const ctl = new AbortController();
    const timer = setTimeout(() => {
      searchInverters({ keyword: words, minPower: minKw === null ? undefined : minKw * 1000, maxPower: maxKw === null ? undefined : maxKw * 1000 }, ctl.signal)
        .then((r) => {
          if (!ctl.signal.aborted) setAnswer({ query, list: r.list });
        })
        .catch(() => {
          if (!ctl.signal.aborted) setAnswer((prev) => ({ query, list: prev?.list ?? [] }));
        });
    }, INVERTER_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      ctl.abort();
    };
  }, [query, words, minKw, maxKw]);
  return { options: answer?.list ?? [], loading: answer?.query !== query };
}
