// The enterprise home's data (spec 001 §2 dashboard): loaded once per visit. A non-administrator's
// answer carries the inner data code −2, on which the client goes to the enterprise project list
// (api/http.ts, hooks/useApiEventReactions.ts); the page then shows nothing.
import { useEffect, useState } from 'react';
import { getDashboard, type Dashboard } from '../api/enterprise.ts';

export function useEnterpriseDashboard(): { data: Dashboard | null; loading: boolean } {
  const [data, setData] = useState<Dashboard | null>(null);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let live = true;
    getDashboard()
      .then((d) => live && setData(d))
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, []);
  return { data, loading };
}
