// The verification-code button's countdown (spec 001 §2): seconds left until another code may be
// requested, ticking once a second.
import { useCallback, useEffect, useState } from 'react';

/** Whole seconds left from `now` until `until` [ms epoch], never negative. */
export function secondsLeft(until: number, now: number): number {
  return Math.max(0, Math.ceil((until - now) / 1000));
}

export function useCountdown(): { remaining: number; start: (seconds: number) => void } {
  const [until, setUntil] = useState(0);
  const [remaining, setRemaining] = useState(0);
  useEffect(() => {
    if (until === 0) return;
    const tick = () => {
      const left = secondsLeft(until, Date.now());
      setRemaining(left);
      if (left === 0) setUntil(0);
    };
    tick();
    const t = setInterval(tick, 1000);
    return () => clearInterval(t);
  }, [until]);
  const start = useCallback((seconds: number) => setUntil(Date.now() + seconds * 1000), []);
  return { remaining, start };
}
