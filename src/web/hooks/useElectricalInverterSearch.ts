// The Electrical step's inverter search: the enabled inverters of the user's library whose
// manufacturer and model hold every word typed (in any order and case, like the module search of the
// PV layout step) and whose rated AC power lies in the range given — asked a quiet moment after the
// last change, the previous request cancelled.
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
  const [options, setOptions] = useState<InverterSummary[]>([]);
  const [loading, setLoading] = useState(false);
  const words = q.keyword.trim().replace(/\s+/g, ' ');
  const { minKw, maxKw } = q;
  useEffect(() => {
    const ctl = new AbortController();
    setLoading(true);
    const timer = setTimeout(() => {
      searchInverters({ keyword: words, minPower: minKw === null ? undefined : minKw * 1000, maxPower: maxKw === null ? undefined : maxKw * 1000 }, ctl.signal)
        .then((r) => setOptions(r.list))
        .catch(() => {})
        .finally(() => {
          if (!ctl.signal.aborted) setLoading(false);
        });
    }, INVERTER_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      ctl.abort();
    };
  }, [words, minKw, maxKw]);
  return { options, loading };
}
