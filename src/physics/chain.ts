// The hourly energy chain (ENGINE-API.md, "simulate"): weather → solar position at mid-interval →
// plane-of-array irradiance per array → shading, IAM, soiling → cell temperature → module model → DC
// losses → one group of identical inverters sharing the DC power (efficiency and clipping) →
// availability. Annual and monthly totals, the loss tree (nominal energy minus every loss equals the
// AC energy, step by step), IEC 61724 performance ratio.
//   Solar position: NREL SPA (Reda & Andreas 2004), pressure from the site elevation, refraction
//   scaled to each step's air temperature (SPA eq. 42 is proportional to 283 / (273 + T)).
//   Performance ratio: IEC 61724-1:2017, PR = (E_AC / P_STC) / (H_POA / G_STC).
import type { LossName, SimulateInputParsed, SimulateOutput } from '../model/simulate.ts';
import { lossNames } from '../model/simulate.ts';
import type { WeatherRecord } from '../weather/record.ts';
import { alt2pres, dniExtraArray, relativeAirmass } from './atmosphere.ts';
import { simulateArray, type ArraySeries, type SkySeries } from './chain-array.ts';
import { inverterAc, inverterAcLimit, type InverterModel } from './inverter.ts';
import { lossFactor } from './losses.ts';
import { solarPositions } from './solar-position.ts';

const MS_PER_HOUR = 3_600_000;

/**
 * The sky series of a site: solar position at the middle of every interval, extraterrestrial
 * irradiance, air mass and the weather columns.
 * @param record hourly (or sub-hourly) weather, interval-start times
 * @param site latitude, longitude [°], elevation [m], albedo [−] used where the weather has none
 */
export function skySeries(record: WeatherRecord, site: { latitude: number; longitude: number; elevation: number; albedo: number }): SkySeries {
  const n = record.times.length;
  const stepHours = record.intervalMinutes / 60;
  const mid = new Float64Array(n);
  for (let i = 0; i < n; i++) mid[i] = record.times[i] + (stepHours * MS_PER_HOUR) / 2;
  let meanT = 0;
  for (let i = 0; i < n; i++) meanT += record.tempAir[i];
  meanT = n > 0 ? meanT / n : 12;
  const pressure = alt2pres(site.elevation);
  const sp = solarPositions(mid, site.latitude, site.longitude, { elevation: site.elevation, pressure, temperature: meanT });
  const solarZenith = new Float64Array(n);
  const airmass = new Float64Array(n);
  const albedo = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    // Refraction at this hour's temperature: Δe ∝ 283 / (273 + T) (SPA eq. 42).
    const refraction = (sp.zenith[i] - sp.apparentZenith[i]) * ((273 + meanT) / (273 + record.tempAir[i]));
    solarZenith[i] = sp.zenith[i] - refraction;
    airmass[i] = solarZenith[i] < 90 ? relativeAirmass(solarZenith[i]) : Number.NaN;
    const a = record.albedo?.[i];
    albedo[i] = a !== undefined && Number.isFinite(a) && a > 0 ? a : site.albedo;
  }
  return {
    n,
    stepHours,
    solarZenith,
    solarAzimuth: sp.azimuth,
    dniExtra: dniExtraArray(mid),
    airmass,
    ghi: record.ghi,
    dni: record.dni,
    dhi: record.dhi,
    tempAir: record.tempAir,
    windSpeed: record.windSpeed,
    albedo,
  };
}

/** The inverter group's DC voltage per step: the power-weighted mean of the arrays' MPP voltages. */
function groupVoltage(arrays: ArraySeries[], n: number, fallback: number): Float64Array {
  const v = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let p = 0;
    let pv = 0;
    for (const a of arrays) {
      const dc = a.dc[i];
      if (dc > 0 && Number.isFinite(a.vdc[i])) {
        p += dc;
        pv += dc * a.vdc[i];
      }
    }
    v[i] = p > 0 ? pv / p : fallback;
  }
  return v;
}

function inverterModel(input: SimulateInputParsed['inverter']): InverterModel {
  const { count: _count, ...model } = input;
  return model;
}

/** Local month (1–12) of an instant at a fixed UTC offset [h]. */
function monthOf(unixMs: number, utcOffset: number): number {
  return new Date(unixMs + utcOffset * MS_PER_HOUR).getUTCMonth() + 1;
}

/**
 * Runs the chain.
 * @param record the weather (interval-start times, UTC)
 * @param input the validated simulate input (its `weather` has been resolved to `record`)
 */
export function simulateChain(record: WeatherRecord, input: SimulateInputParsed): SimulateOutput {
  const sky = skySeries(record, input.site);
  const { n, stepHours } = sky;
  const arrays = input.arrays.map((a) => simulateArray(sky, a, input.transposition));
  const capacity = arrays.reduce((s, a) => s + a.capacity, 0);

  // DC of the group, shared equally by `count` identical inverters.
  const count = input.inverter.count;
  const model = inverterModel(input.inverter);
  const dcTotal = new Float64Array(n);
  for (const a of arrays) for (let i = 0; i < n; i++) dcTotal[i] += a.dc[i];
  const perInverter = dcTotal.map((p) => p / count);
  const vdc = groupVoltage(arrays, n, model.model === 'sandia' ? model.vdco : Number.NaN);
  const needsVoltage = model.model === 'sandia' || (model.model === 'efficiencyCurve' && model.curves.length > 1);
  if (needsVoltage && arrays.some((a, k) => input.arrays[k].module.model === 'pvwatts')) {
    // PVWatts modules have no voltage: the inverter runs at its nominal DC voltage.
    const nominal = model.model === 'sandia' ? model.vdco : model.model === 'efficiencyCurve' ? model.curves[Math.floor(model.curves.length / 2)].voltage : 0;
    for (let i = 0; i < n; i++) if (!Number.isFinite(vdc[i])) vdc[i] = nominal;
  }
  const unclipped = inverterAc(model, perInverter, needsVoltage ? vdc : undefined, undefined, false);
  const limit = inverterAcLimit(model);
  // Availability is an AC-side loss: the capacity-weighted mean of the arrays' values.
  const availability = lossFactor(
    input.arrays.reduce((s, a, k) => s + a.losses.availability * (capacity > 0 ? arrays[k].capacity / capacity : 1 / arrays.length), 0),
  );

  const ac = new Float64Array(n);
  let inverterLoss = 0;
  let clippingLoss = 0;
  let availabilityLoss = 0;
  for (let i = 0; i < n; i++) {
    const u = unclipped[i] * count;
    const clipped = Math.min(unclipped[i], limit) * count;
    const delivered = clipped > 0 ? clipped * availability : clipped;
    inverterLoss += (dcTotal[i] - u) * stepHours;
    clippingLoss += (u - clipped) * stepHours;
    availabilityLoss += (clipped - delivered) * stepHours;
    ac[i] = delivered;
  }

  // Capacity-weighted plane-of-array irradiance and cell temperature.
  const poa = new Float64Array(n);
  const tCell = new Float64Array(n);
  for (const a of arrays) {
    const w = capacity > 0 ? a.capacity / capacity : 1 / arrays.length;
    for (let i = 0; i < n; i++) {
      poa[i] += a.poaGlobal[i] * w;
      tCell[i] += a.cellTemperature[i] * w;
    }
  }

  const toKwh = stepHours / 1000;
  const monthly = Array.from({ length: 12 }, (_, k) => ({ month: k + 1, acKwh: 0, dcKwh: 0, poaKwhM2: 0 }));
  let acKwh = 0;
  let dcKwh = 0;
  let poaKwhM2 = 0;
  for (let i = 0; i < n; i++) {
    const m = monthly[monthOf(record.times[i], record.site.utcOffset) - 1];
    m.acKwh += ac[i] * toKwh;
    m.dcKwh += dcTotal[i] * toKwh;
    m.poaKwhM2 += poa[i] * toKwh;
    acKwh += ac[i] * toKwh;
    dcKwh += dcTotal[i] * toKwh;
    poaKwhM2 += poa[i] * toKwh;
  }

  const sum = (key: keyof ArraySeries['energies']) => arrays.reduce((s, a) => s + a.energies[key], 0) / 1000;
  const nominalKwh = sum('nominal');
  const lossKwh: Record<LossName, number> = {
    shading: sum('shading'),
    iam: sum('iam'),
    soiling: sum('soiling'),
    irradianceAndTemperature: sum('irradianceAndTemperature'),
    mismatch: sum('mismatch'),
    lid: sum('lid'),
    wiring: sum('wiring'),
    inverter: inverterLoss / 1000,
    clipping: clippingLoss / 1000,
    availability: availabilityLoss / 1000,
  };
  const losses = lossNames.map((name) => ({ name, kwh: lossKwh[name], percent: nominalKwh > 0 ? (100 * lossKwh[name]) / nominalKwh : 0 }));
  const kwp = capacity / 1000;
  const specificYield = kwp > 0 ? acKwh / kwp : 0;
  const out: SimulateOutput = {
    annual: {
      acKwh,
      dcKwh,
      poaKwhM2,
      specificYield,
      performanceRatio: poaKwhM2 > 0 ? specificYield / poaKwhM2 : 0,
      capacityKwp: kwp,
      nominalKwh,
    },
    monthly,
    losses,
  };
  if (record.estimate) out.estimate = true;
  if (input.output.hourly) {
    out.hourly = {
      times: Array.from(record.times, (t) => new Date(t).toISOString()),
      ac: Array.from(ac),
      dc: Array.from(dcTotal),
      poaGlobal: Array.from(poa),
      cellTemperature: Array.from(tCell),
    };
  }
  return out;
}
