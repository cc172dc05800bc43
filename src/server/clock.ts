// The server's notion of now. Every expiry (codes, sessions, trials, lockouts) is computed from this
// clock and written as a value, never with the database's now(), so tests can move time forward.

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** Milliseconds of common durations. */
export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export function addMs(d: Date, ms: number): Date {
  return new Date(d.getTime() + ms);
}
