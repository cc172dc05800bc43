// A busy flag around one async action at a time (a modal's OK button spinning while it saves): the
// flag is up while the action runs; a failed action is swallowed (the API client showed the error).
import { useCallback, useState } from 'react';

export function useBusy() {
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch {
      // the client showed the error
    } finally {
      setBusy(false);
    }
  }, []);
  return [busy, run] as const;
}
