// Weather years from monthly station climate: the generator of src/weather/generator (Aguiar et al.
// 1988 Markov days, TAG hours, Erbs decomposition, Erbs et al. 1983 temperature cycle) for one
// station, and the nearest of the 1,042 stations to a point (src/weather/stations.ts: unit vectors and
// a dot-product scan) against sorting every station by haversine distance. No JavaScript peer
// (Meteonorm and PVsyst are not libraries); each case is timed against its target.
import { monthlyYear, type MonthlyYearOptions } from '../../src/weather/generator/monthly-year.ts';
import type { WeatherRecord } from '../../src/weather/record.ts';
import { stationTable } from '../../src/weather/station-table.ts';
import { greatCircleKm, type StationDistance } from '../../src/weather/stations.ts';
import type { BenchCase, Suite } from '../framework.ts';

/**
 * Shanghai (Xujiahui), CMA station 58367, 31.2° N 121.4333° E, 8.6 m: the row of
 * datasets/climate/china-stations-monthly.csv (CDSRD / CBED, XAUAT, from CMA observations).
 */
const SHANGHAI: MonthlyYearOptions = {
  name: 'Shanghai (Xujiahui)',
  latitude: 31.2,
  longitude: 121.4333,
  elevation: 8.6,
  utcOffset: 8,
  seed: 1,
  source: 'station',
  climate: {
    ghi: [1.804, 2.456, 3.087, 4.028, 4.344, 3.667, 4.669, 4.289, 3.547, 2.851, 2.054, 1.732],
    dhi: [1.194, 1.473, 1.846, 2.208, 2.433, 2.445, 2.555, 2.371, 2.066, 1.671, 1.294, 1.129],
    tempAir: [5.08, 6.54, 10.03, 15.39, 20.35, 23.8, 28.17, 27.66, 24.11, 19.21, 13.47, 7.49],
  },
};

/** The monthly means of the year must be the input's: GHI, DHI within 0.1 %, temperature 0.05 °C. */
function check(r: unknown): string | null {
  const year = r as WeatherRecord;
  if (year.times.length !== 8760) return `${year.times.length} hours, expected 8760`;
  const { climate } = SHANGHAI;
  const days = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  for (let m = 0, i = 0; m < 12; m++) {
    let ghi = 0;
    let dhi = 0;
    let t = 0;
    for (let h = 0; h < days[m] * 24; h++, i++) {
      if (!(year.dhi[i] <= year.ghi[i] && year.dni[i] >= 0)) return `hour ${i}: ghi ${year.ghi[i]} dni ${year.dni[i]} dhi ${year.dhi[i]}`;
      ghi += year.ghi[i];
      dhi += year.dhi[i];
      t += year.tempAir[i];
    }
    const g = ghi / 1000 / days[m];
    const d = dhi / 1000 / days[m];
    if (Math.abs(g / climate.ghi[m] - 1) > 1e-3) return `month ${m + 1}: GHI ${g} kWh/m²/day, input ${climate.ghi[m]}`;
    if (Math.abs(d / climate.dhi[m] - 1) > 1e-3) return `month ${m + 1}: DHI ${d} kWh/m²/day, input ${climate.dhi[m]}`;
    if (Math.abs(t / days[m] / 24 - climate.tempAir[m]) > 0.05) return `month ${m + 1}: temperature ${t / days[m] / 24} °C, input ${climate.tempAir[m]}`;
  }
  return null;
}

/** Points across China and beyond; each query asks for the nearest station. */
const POINTS: readonly [number, number][] = [
  [31.23, 121.47], [39.9, 116.4], [29.65, 91.1], [23.13, 113.26], [43.8, 87.6], [45.75, 126.65], [18.25, 109.5], [48.85, 2.35],
];

/** Every station sorted by haversine distance: the obvious way, the reference. */
function bruteNearest(lat: number, lon: number): string {
  let best = '';
  let bestKm = Infinity;
  for (const s of stationTable().stations) {
    const km = greatCircleKm(lat, lon, s.latitude, s.longitude);
    if (km < bestKm) [best, bestKm] = [s.id, km];
  }
  return best;
}

const EXPECTED = POINTS.map(([lat, lon]) => bruteNearest(lat, lon));

function nearestCase(): BenchCase {
  const table = stationTable();
  let k = 0;
  const product = 'StationTable.nearest';
  const check = (r: unknown): string | null => {
    const got = POINTS.map(([lat, lon]) => table.nearest(lat, lon, 1)[0].station.id);
    if (got.join() !== EXPECTED.join()) return `nearest ${got.join()} ≠ brute force ${EXPECTED.join()}`;
    return (r as StationDistance[]).length === 1 ? null : 'not one station';
  };
  return {
    name: 'nearest station',
    params: { stations: table.size, queries: POINTS.length },
    variants: [
      { name: product, kind: 'engine', fn: () => { const [lat, lon] = POINTS[k++ % POINTS.length]; return table.nearest(lat, lon, 1); }, check },
      { name: 'haversine scan', kind: 'reference', fn: () => { const [lat, lon] = POINTS[k++ % POINTS.length]; return [bruteNearest(lat, lon)]; } },
    ],
    targets: [{ variant: product, maxMs: 0.1, label: 'nearest of 1,042 stations < 0.1 ms' }],
  };
}

export const weatherSuite: Suite = {
  name: 'weather',
  description: 'hourly typical year (8760 h) from a station’s monthly means (MTM + TAG generator), < 20 ms; nearest of 1,042 stations, < 0.1 ms',
  async cases() {
    const generator = 'monthlyYear (generator)';
    const cases: BenchCase[] = [
      {
        name: 'station year',
        params: { station: '58367 Shanghai (Xujiahui)', hours: 8760 },
        variants: [{ name: generator, kind: 'reference', fn: () => monthlyYear(SHANGHAI), check }],
        targets: [{ variant: generator, maxMs: 20, label: 'one station year < 20 ms' }],
      },
      nearestCase(),
    ];
    return cases;
  },
};
