// The security check before any code: `requestTicket()` opens the check (SecurityCheckModal) and
// resolves with the ticket, or null when the user closes it.
import { useCallback, useRef, useState } from 'react';
import type { SecurityTicket } from '../api/auth.ts';

export interface SecurityCheck {
  open: boolean;
  requestTicket: () => Promise<SecurityTicket | null>;
  resolve: (t: SecurityTicket | null) => void;
}

export function useSecurityCheck(): SecurityCheck {
  const [open, setOpen] = useState(false);
  const pending = useRef<((t: SecurityTicket | null) => void) | null>(null);
  const requestTicket = useCallback(
    () =>
      new Promise<SecurityTicket | null>((res) => {
        pending.current?.(null);
        pending.current = res;
        setOpen(true);
      }),
    [],
  );
  const resolve = useCallback((t: SecurityTicket | null) => {
    setOpen(false);
    pending.current?.(t);
    pending.current = null;
  }, []);
  return { open, requestTicket, resolve };
}
