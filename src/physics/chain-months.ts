// The local calendar month of each weather step, for the monthly totals of the energy chain (chain.ts,
// chain-electrical.ts). Weather times are UTC interval starts; the site's month is that of its local
// standard time (a fixed UTC offset, as the weather files give it).

const MS_PER_HOUR = 3_600_000;
const MS_PER_DAY = 86_400_000;

/**
 * Local month (0–11) of every time at a fixed UTC offset: one Date per local day, not per step.
 * @param times step times [ms since 1970, UTC]
 * @param utcOffset the site's offset from UTC [h]
 * @returns the month index of each step
 */
export function monthIndices(times: Float64Array | readonly number[], utcOffset: number): Uint8Array {
  const out = new Uint8Array(times.length);
  let day = Number.NaN;
  let month = 0;
  for (let i = 0; i < times.length; i++) {
    const local = times[i] + utcOffset * MS_PER_HOUR;
    const d = Math.floor(local / MS_PER_DAY);
    if (d !== day) {
      day = d;
      month = new Date(local).getUTCMonth();
    }
    out[i] = month;
  }
  return out;
}
