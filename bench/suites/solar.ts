// Solar position for a year of hours (8760 h) with the NREL SPA: the array form (periodic series on
// a daily grid, interpolated; the Earth's rotation per time) against a plain loop of the scalar,
// per-time SPA. No JavaScript SPA peer is installed, so the scalar loop is the comparison.
import { solarPosition, solarPositions, type SolarPositionArrays } from '../../src/physics/solar-position.ts';
import type { BenchCase, Suite } from '../framework.ts';

/** The SPA paper's site (Reda & Andreas 2004, NREL/TP-560-34302): Golden, Colorado. */
const SITE = { latitude: 39.742476, longitude: -105.1786, options: { elevation: 1830.14, pressure: 82000, temperature: 11, deltaT: 67 } };
/** The paper's example time, 2003-10-17 12:30:30 at −7 h, is one of the hourly times below. */
const EXAMPLE_MS = Date.parse('2003-10-17T19:30:30Z');
const HOURS = 8760;

/** The hours of 2003 at hh:30:30 UTC. */
function yearOfHours(): Float64Array {
  const start = Date.parse('2003-01-01T00:30:30Z');
  return Float64Array.from({ length: HOURS }, (_, i) => start + i * 3_600_000);
}

/** The example hour must give the paper's zenith 50.11162° and azimuth 194.34024° (5 decimals). */
function checkExample(times: Float64Array) {
  const i = times.indexOf(EXAMPLE_MS);
  return (r: unknown): string | null => {
    const out = r as SolarPositionArrays;
    if (out.apparentZenith.length !== HOURS) return `${out.apparentZenith.length} positions, expected ${HOURS}`;
    if (i < 0) return 'the example time is not in the series';
    const dz = Math.abs(out.apparentZenith[i] - 50.11162);
    const da = Math.abs(out.azimuth[i] - 194.34024);
    if (dz > 1.5e-5 || da > 1.5e-5) return `example: zenith ${out.apparentZenith[i]}, azimuth ${out.azimuth[i]} (SPA paper: 50.11162, 194.34024)`;
    for (let k = 0; k < HOURS; k++) if (!Number.isFinite(out.zenith[k])) return `NaN zenith at hour ${k}`;
    return null;
  };
}

function scalarLoop(times: Float64Array): SolarPositionArrays {
  const n = times.length;
  const out: SolarPositionArrays = {
    zenith: new Float64Array(n),
    apparentZenith: new Float64Array(n),
    elevation: new Float64Array(n),
    apparentElevation: new Float64Array(n),
    azimuth: new Float64Array(n),
    equationOfTime: new Float64Array(n),
    declination: new Float64Array(n),
  };
  for (let i = 0; i < n; i++) {
    const p = solarPosition(times[i], SITE.latitude, SITE.longitude, SITE.options);
    out.zenith[i] = p.zenith;
    out.apparentZenith[i] = p.apparentZenith;
    out.elevation[i] = p.elevation;
    out.apparentElevation[i] = p.apparentElevation;
    out.azimuth[i] = p.azimuth;
    out.equationOfTime[i] = p.equationOfTime;
    out.declination[i] = p.declination;
  }
  return out;
}

export const solarSuite: Suite = {
  name: 'solar',
  description: 'NREL SPA solar position for a year of hours (8760 h)',
  async cases() {
    const times = yearOfHours();
    const check = checkExample(times);
    const fast = 'solarPositions (array)';
    const cases: BenchCase[] = [
      {
        name: 'solar position 8760 h',
        params: { times: HOURS },
        variants: [
          { name: fast, kind: 'engine', fn: () => solarPositions(times, SITE.latitude, SITE.longitude, SITE.options), check },
          { name: 'solarPosition per time (scalar loop)', kind: 'reference', fn: () => scalarLoop(times), check },
        ],
        targets: [{ variant: fast, maxMs: 3, label: '8760 h < 3 ms' }],
      },
    ];
    return cases;
  },
};
