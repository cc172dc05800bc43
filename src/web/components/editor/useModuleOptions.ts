// The PV layout step's module search: the enabled modules of the user's library whose manufacturer
// and model hold every word typed, in any order and case (the server's list query,
// src/server/library/library.ts keywordTokens) — asked a quiet moment after the last keystroke, the
// previous request cancelled, as options of the module select.
import { useEffect, useState } from 'react';
import type { LayoutModuleChoice } from '../../../model/design.ts';
import { moduleListSchema } from '../../../model/api/library.ts';
import { request } from '../../api/http.ts';

export type ModuleOption = { value: number; label: string; choice: LayoutModuleChoice };

/** Wait this long after the last keystroke before asking [ms]. */
export const MODULE_SEARCH_DEBOUNCE_MS = 250;

export function useModuleOptions(keyword: string): { options: ModuleOption[]; loading: boolean } {
  const [options, setOptions] = useState<ModuleOption[]>([]);
  const [loading, setLoading] = useState(false);
  const words = keyword.trim().replace(/\s+/g, ' ');
  useEffect(() => {
    const ctl = new AbortController();
    setLoading(true);
    const timer = setTimeout(() => {
      request('/api/web/component/list', moduleListSchema, { query: { page: 1, size: 50, keyword: words || undefined, enabled: true }, signal: ctl.signal, silent: true })
        .then((r) =>
          setOptions(
            r.list.map((m) => ({
              value: m.id,
              label: `${m.manufacturer} ${m.model} · ${m.pmax} W`,
              choice: { libraryId: m.id, manufacturer: m.manufacturer, model: m.model, powerW: m.pmax, length: m.length / 1000, width: m.width / 1000 },
            })),
          ),
        )
        .catch(() => {})
        .finally(() => {
          if (!ctl.signal.aborted) setLoading(false);
        });
    }, words ? MODULE_SEARCH_DEBOUNCE_MS : 0);
    return () => {
      clearTimeout(timer);
      ctl.abort();
    };
  }, [words]);
  return { options, loading };
}
