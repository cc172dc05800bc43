// A ground-mounted field for the electrical-shading benchmark (suites/mismatch.ts) and its tests: rows
// of landscape modules facing south, strings of 20 along each row, two strings per MPPT input, four
// inputs per inverter, and a year of per-module beam shading from
//   row-to-row shading: the row in front's top edge casts a straight shadow up the row behind, of
//     shaded fraction f = 1 − (p/w)·sin α_p / sin(β + α_p) (α_p the sun's elevation projected on the
//     rows' cross-section, p the pitch, w the slant width, β the tilt; the closed form of pvlib's
//     shading.shaded_fraction1d for a fixed-tilt row on flat ground — its docstring's example, zenith
//     80°, azimuth 135°, tilt 30°, w 2, p 3, gives 0.4776 both ways), shifted along the row by the
//     sun's azimuth so that the row's sunward end stays lit (non-uniform end strings);
//   poles: a few 6 m poles between rows whose thin shadow (0.25 m) crosses one module at a time.
// The first row is never row-shaded. Module: the CEC entry "Canadian Solar CS5P-220M" (pvlib's tests).
import type { SimulateInput } from '../src/model/simulate.ts';
import { skySeries } from '../src/physics/sky-series.ts';
import type { WeatherRecord } from '../src/weather/record.ts';

/** SAM CEC entry "Canadian Solar Inc. CS5P-220M" (as in pvlib's tests). */
export const CS5P_220M = { model: 'singleDiode', parameterSet: 'cec', alphaSc: 0.004539, aRef: 2.6373, iLRef: 5.114, iORef: 8.196e-10, rShRef: 381.68, rS: 1.065, adjust: 8.7 } as const;

export interface FieldOptions {
  rows: number;
  modulesPerRow: number;
  modulesPerString: number;
  stringsPerMppt: number;
  mpptsPerInverter: number;
  /** Tilt [°], pitch [m], slant width of a landscape module [m], its length along the row [m]. */
  tilt: number;
  pitch: number;
  width: number;
  length: number;
  /** Poles: [row they stand in front of, x position along the row [m]]. */
  poles: [number, number][];
  /** Loop resistance of each string cable [Ω], of each AC cable conductor [Ω]. */
  stringOhm: number;
  acOhm: number;
  /** Without the per-module shading (the same field unshaded). */
  unshaded?: boolean;
}

export const FIELD: FieldOptions = {
  rows: 50,
  modulesPerRow: 200,
  modulesPerString: 20,
  stringsPerMppt: 2,
  mpptsPerInverter: 4,
  tilt: 25,
  pitch: 2.1,
  width: 1.0,
  length: 1.6,
  poles: [
    [5, 41],
    [12, 160],
    [20, 250],
    [33, 77],
    [41, 300],
  ],
  stringOhm: 0.5,
  acOhm: 0.02,
};

const D2R = Math.PI / 180;
const POLE_HEIGHT = 6;
const POLE_SHADOW = 0.25;

/** The per-module beam shading of the field over the weather year (sparse, "0#index" keys). */
export function fieldShading(record: WeatherRecord, site: { latitude: number; longitude: number; elevation: number }, o: FieldOptions): Record<string, { steps: number[]; beam: number[] }> {
  const sky = skySeries(record, { ...site, albedo: 0.2 }, 'isotropic');
  const out: Record<string, { steps: number[]; beam: number[] }> = {};
  const add = (module: number, step: number, f: number) => {
    const key = `0#${module}`;
    const e = (out[key] ??= { steps: [], beam: [] });
    const last = e.steps.length - 1;
    if (last >= 0 && e.steps[last] === step) e.beam[last] = Math.min(1, e.beam[last] + f);
    else {
      e.steps.push(step);
      e.beam.push(Math.min(1, f));
    }
  };
  const beta = o.tilt * D2R;
  const rowLength = o.modulesPerRow * o.length;
  for (const i of sky.day) {
    const cz = sky.cosZenith[i];
    const sz = sky.sinZenith[i];
    // sun vector: east, north, up
    const sx = sz * sky.sinAzimuth[i];
    const sy = sz * sky.cosAzimuth[i];
    if (!(cz > 0.02) || !(sy < 0)) continue; // the rows face south: a northern sun is behind them
    const alphaP = Math.atan2(cz, -sy);
    const f = 1 - ((o.pitch / o.width) * Math.sin(alphaP)) / Math.sin(beta + alphaP);
    if (f > 0) {
      // the shadow is shifted along the row by the sun's azimuth: x moves by sx/sy per metre northwards
      const shift = (o.pitch * sx) / sy;
      const lo = Math.max(0, shift);
      const hi = Math.min(rowLength, rowLength + shift);
      for (let r = 1; r < o.rows; r++) {
        for (let k = 0; k < o.modulesPerRow; k++) {
          const x0 = k * o.length;
          const covered = Math.max(0, Math.min(hi, x0 + o.length) - Math.max(lo, x0)) / o.length;
          if (covered > 0) add(r * o.modulesPerRow + k, i, Math.min(1, f) * covered);
        }
      }
    }
    // poles between row r − 1 and row r, 0.5 m in front of row r
    for (const [r, xp] of o.poles) {
      const reach = (POLE_HEIGHT * Math.sqrt(sx * sx + sy * sy)) / cz; // shadow length on the ground [m]
      const dy = 0.5 + (o.width * Math.cos(beta)) / 2;
      if (reach * (-sy / Math.hypot(sx, sy)) < dy) continue;
      const x = xp + (dy * sx) / sy;
      const k = Math.floor(x / o.length);
      if (k >= 0 && k < o.modulesPerRow) add(r * o.modulesPerRow + k, i, POLE_SHADOW / o.length);
    }
  }
  for (const e of Object.values(out)) e.steps.forEach((s, q) => (e.beam[q] = Math.min(1, e.beam[q])));
  return out;
}

/** The field's simulate input on a weather record (the `weather` is the record's, given as hourly arrays). */
export function fieldInput(record: WeatherRecord, o: FieldOptions = FIELD): SimulateInput {
  const site = { latitude: 45, longitude: 8, elevation: 250 };
  const modules = o.rows * o.modulesPerRow;
  const strings = modules / o.modulesPerString;
  const stringModules = (s: number) => Array.from({ length: o.modulesPerString }, (_, q) => s * o.modulesPerString + q);
  const mppts = Math.ceil(strings / o.stringsPerMppt);
  const inverters: NonNullable<SimulateInput['electrical']>['inverters'] = [];
  for (let m = 0; m < mppts; m += o.mpptsPerInverter) {
    inverters.push({
      id: `INV-${inverters.length + 1}`,
      mppts: Array.from({ length: Math.min(o.mpptsPerInverter, mppts - m) }, (_, j) => ({
        strings: Array.from({ length: o.stringsPerMppt }, (_, q) => ({ array: 0, modules: stringModules((m + j) * o.stringsPerMppt + q), wiringOhm: o.stringOhm })).filter((s) => s.modules[0] < modules),
      })),
      acWiringOhm: o.acOhm,
      acVoltage: 400,
      acPhases: 3,
    });
  }
  const dcPerInverter = o.modulesPerString * o.stringsPerMppt * o.mpptsPerInverter * 220;
  return {
    site,
    weather: {
      hourly: {
        times: Array.from(record.times, (t) => new Date(t).toISOString()),
        ghi: Array.from(record.ghi),
        dni: Array.from(record.dni),
        dhi: Array.from(record.dhi),
        tempAir: Array.from(record.tempAir),
        windSpeed: Array.from(record.windSpeed),
      },
    },
    transposition: 'perez',
    arrays: [{ name: 'field', surfaceTilt: o.tilt, surfaceAzimuth: 180, modulesPerString: o.modulesPerString, strings, module: CS5P_220M }],
    inverter: { model: 'pvwatts', pdc0: dcPerInverter / 1.2 },
    electrical: {
      inverters,
      orientation: 'landscape',
      ...(o.unshaded ? {} : { moduleShading: fieldShading(record, site, o) }),
    },
  };
}
