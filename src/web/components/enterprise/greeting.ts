// The dashboard's greeting by time of day (spec 001 §2 "The dashboard shows a greeting by time of day
// (a greeting to the super administrator exists)"): the part of the day of a local hour, and the
// catalogue keys of the greeting. Our split: morning 05:00–10:59, noon 11:00–12:59, afternoon
// 13:00–17:59, evening 18:00–04:59.
export type DayPart = 'morning' | 'noon' | 'afternoon' | 'evening';

/** The part of the day of a local hour [0–23]. */
export function dayPart(hour: number): DayPart {
  if (!Number.isInteger(hour) || hour < 0 || hour > 23) throw new RangeError(`hour ${hour} is not 0–23`);
  if (hour >= 5 && hour < 11) return 'morning';
  if (hour >= 11 && hour < 13) return 'noon';
  if (hour >= 13 && hour < 18) return 'afternoon';
  return 'evening';
}

/** The greeting's catalogue key: the super administrator has their own. */
export function greetingKey(part: DayPart, role: 'super_admin' | 'admin' | 'member'): `enterprise.home.greeting.${DayPart}` | `enterprise.home.greetingSuper.${DayPart}` {
  return role === 'super_admin' ? `enterprise.home.greetingSuper.${part}` : `enterprise.home.greeting.${part}`;
}
