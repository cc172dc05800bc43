// A plant's overview (live power, energy, income, CO₂, PR, health, inverter states) kept fresh: loaded
// when the page opens and again every AIOM_REFRESH_MS while it stays open (a failed refresh keeps the
// last figures; only the first failure is toasted).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Overview } from '../../model/api/aiom-telemetry.ts';
import { getOverview } from '../api/aiom-telemetry.ts';

/** How often the overview refreshes [ms]. */
export const AIOM_REFRESH_MS = 30_000;

export function useAiomOverview(projectId: number | null, refreshMs = AIOM_REFRESH_MS) {
  const [overview, setOverview] = useState<Overview | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const first = useRef(true);

  const load = useCallback(async () => {
    if (projectId === null) return;
    setLoading(true);
    try {
      setOverview(await getOverview(projectId, { silent: !first.current }));
      setFailed(false);
    } catch {
      setFailed(true);
    } finally {
      first.current = false;
      setLoading(false);
    }
  }, [projectId]);

  useEffect(() => {
    first.current = true;
    void load();
    const timer = setInterval(() => void load(), refreshMs);
    return () => clearInterval(timer);
  }, [load, refreshMs]);

  return { overview, loading, failed, reload: load };
}
