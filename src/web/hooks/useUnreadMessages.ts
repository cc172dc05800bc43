// The unread-message count behind the badges (top bar user panel, personal-centre menu, message
// page): one store for the whole app, refreshed every UNREAD_POLL_MS while any badge is shown and at
// once whenever the message page changes something, so every badge shows the same number.
import { useEffect, useSyncExternalStore } from 'react';
import { unreadCount } from '../api/messages.ts';
import { useSession } from '../session/session.ts';

/** How often a shown badge asks the server again [ms]. */
export const UNREAD_POLL_MS = 60_000;

let count = 0;
const listeners = new Set<() => void>();
let pollers = 0;
let timer: ReturnType<typeof setInterval> | undefined;

function emit(): void {
  for (const l of listeners) l();
}

/** Sets the count from an answer that carries it (read, read-all, delete, list). */
export function setUnread(n: number): void {
  if (n === count) return;
  count = n;
  emit();
}

/** Asks the server for the count (failures keep the last one). */
export async function refreshUnread(): Promise<void> {
  try {
    setUnread((await unreadCount()).unread);
  } catch {
    // keep the last count: a badge is not worth an error
  }
}

function subscribe(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** The unread count; while `poll` is true the count is fetched now and every UNREAD_POLL_MS. */
export function useUnreadMessages(poll = true): number {
  const { token } = useSession();
  const signedIn = token !== null;
  useEffect(() => {
    if (!poll || !signedIn) return;
    pollers++;
    void refreshUnread();
    timer ??= setInterval(() => void refreshUnread(), UNREAD_POLL_MS);
    return () => {
      pollers--;
      if (pollers === 0 && timer !== undefined) {
        clearInterval(timer);
        timer = undefined;
      }
    };
  }, [poll, signedIn]);
  const n = useSyncExternalStore(subscribe, () => count, () => 0);
  return signedIn ? n : 0;
}
