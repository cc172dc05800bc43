// The global loading overlay (spec 000 §2 "A loading overlay shows while a loading flag is set and
// closes after 100 ms"): a counter of running jobs; the overlay stays 100 ms after the last one ends.
import { useSyncExternalStore } from 'react';
import { LOADING_CLOSE_DELAY_MS } from './theme.ts';

let running = 0;
let visible = false;
let closeTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function set(v: boolean): void {
  if (visible === v) return;
  visible = v;
  for (const l of listeners) l();
}

/** Raises the loading flag; call the returned function (once) when done. */
export function startLoading(): () => void {
  running++;
  if (closeTimer) clearTimeout(closeTimer);
  closeTimer = undefined;
  set(true);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    running = Math.max(0, running - 1);
    if (running === 0) closeTimer = setTimeout(() => set(false), LOADING_CLOSE_DELAY_MS);
  };
}

/** Runs `job` under the loading overlay. */
export async function withLoading<T>(job: () => Promise<T>): Promise<T> {
  const stop = startLoading();
  try {
    return await job();
  } finally {
    stop();
  }
}

export function useLoadingVisible(): boolean {
  return useSyncExternalStore(
    (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    () => visible,
    () => false,
  );
}
