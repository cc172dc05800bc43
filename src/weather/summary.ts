// Monthly and annual sums of an hourly weather record (the `weather` command's answer, the project's
// weather card): irradiation [kWh m⁻²] summed over each interval, air temperature averaged, months by
// the record's local standard time.
import type { WeatherRecord } from './record.ts';

const HOUR_MS = 3_600_000;

export interface WeatherMonth {
  month: number;
  /** [kWh m⁻²] */ ghiKwhM2: number;
  /** [kWh m⁻²] */ dhiKwhM2: number;
  /** [°C] */ tempAir: number;
}

export interface WeatherSummary {
  annual: { ghiKwhM2: number; dhiKwhM2: number; tempAir: number };
  monthly: WeatherMonth[];
}

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/** Monthly and annual GHI and DHI sums and mean temperatures of a record (a year, or part of one). */
export function weatherSummary(record: WeatherRecord): WeatherSummary {
  const hours = record.intervalMinutes / 60;
  const ghi = new Float64Array(12);
  const dhi = new Float64Array(12);
  const temp = new Float64Array(12);
  const count = new Float64Array(12);
  const offset = record.site.utcOffset * HOUR_MS;
  for (let i = 0; i < record.times.length; i++) {
    const m = new Date(record.times[i] + offset).getUTCMonth();
    ghi[m] += record.ghi[i] * hours;
    dhi[m] += record.dhi[i] * hours;
    temp[m] += record.tempAir[i];
    count[m]++;
  }
  const monthly = Array.from({ length: 12 }, (_, m) => ({
    month: m + 1,
    ghiKwhM2: round(ghi[m] / 1000, 2),
    dhiKwhM2: round(dhi[m] / 1000, 2),
    tempAir: count[m] > 0 ? round(temp[m] / count[m], 2) : NaN,
  }));
  const n = count.reduce((s, c) => s + c, 0);
  return {
    annual: {
      ghiKwhM2: round(ghi.reduce((s, v) => s + v, 0) / 1000, 1),
      dhiKwhM2: round(dhi.reduce((s, v) => s + v, 0) / 1000, 1),
      tempAir: n > 0 ? round(temp.reduce((s, v) => s + v, 0) / n, 2) : NaN,
    },
    monthly,
  };
}
