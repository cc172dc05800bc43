// The open design of the /setting frame: created when a drawing or layout step first needs it (the
// engine worker starts then, not on the Information step), shared by those steps, disposed when the
// project changes or the frame unmounts.
import { createContext, useContext, useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { createBrowserEnginePool, createEngineWorker } from '../../../engine/browser.ts';
import { DesignSession } from './design-session.ts';

/** Autosave this long after the last change [ms]. */
export const AUTOSAVE_MS = 1500;

interface Holder {
  get(projectId: number, origin: { lat: number; lng: number } | null): DesignSession;
}

const DesignSessionContext = createContext<Holder | null>(null);

export function DesignSessionProvider({ children }: { children: ReactNode }) {
  const current = useRef<{ projectId: number; session: DesignSession } | null>(null);
  const holder = useRef<Holder>({
    get(projectId, origin) {
      if (current.current?.projectId === projectId) return current.current.session;
      current.current?.session.dispose();
      const engine = createEngineWorker();
      const session = new DesignSession({ projectId, engine, origin, autosaveMs: AUTOSAVE_MS, createPool: () => createBrowserEnginePool() });
      current.current = { projectId, session };
      return session;
    },
  });
  useEffect(
    () => () => {
      current.current?.session.dispose();
      current.current = null;
    },
    [],
  );
  return <DesignSessionContext.Provider value={holder.current}>{children}</DesignSessionContext.Provider>;
}

/** The project's design session (re-renders when it finishes loading or fails). */
export function useDesignSession(projectId: number, origin: { lat: number; lng: number } | null): DesignSession {
  const holder = useContext(DesignSessionContext);
  if (!holder) throw new Error('useDesignSession outside DesignSessionProvider');
  const session = holder.get(projectId, origin);
  useSyncExternalStore(
    (fn) => session.subscribe(fn),
    () => session.state,
  );
  return session;
}
