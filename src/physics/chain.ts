// The hourly energy chain (docs/ENGINE-API.md, "simulate"): weather → solar position at mid-interval →
// plane-of-array irradiance per array → far shading (horizon line), near shading, IAM, soiling → cell
// temperature → module model → DC losses → one group of identical inverters sharing the DC power
// (efficiency and clipping) → availability. Annual and monthly totals, the loss tree (nominal energy
// minus every loss equals the AC energy, step by step), IEC 61724 performance ratio.
// The site's share — Sun, extraterrestrial irradiance, air mass, the sky's transposition terms — is
// computed once (sky-series.ts); the arrays then run one after another on shared buffers and are
// summed into the group as they finish, so the cost per added array is its own plane, optics,
// temperature and module model only.
//   Solar position: NREL SPA (Reda & Andreas 2004), see sky-series.ts.
//   Performance ratio: IEC 61724-1:2017, PR = (E_AC / P_STC) / (H_POA / G_STC).
import type { LossName, SimulateInputParsed, SimulateOutput } from '../model/simulate.ts';
import { electricalLossNames, lossNames } from '../model/simulate.ts';
import type { WeatherRecord } from '../weather/record.ts';
import { arrayCapacity, arrayWork, type ArrayEnergies } from './chain-array.ts';
import { chainSteps, type ChainOptions } from './chain-path.ts';
import { simulateElectricalChain } from './chain-electrical.ts';
import { monthIndices } from './chain-months.ts';
import { inverterAc, inverterAcLimit, type InverterModel } from './inverter.ts';
import { lossFactor } from './losses.ts';

function inverterModel(input: SimulateInputParsed['inverter']): InverterModel {
  const { count: _count, ...model } = input;
  return model;
}

/**
 * Runs the chain.
 * @param record the weather (interval-start times, UTC)
 * @param input the validated simulate input (its `weather` has been resolved to `record`)
 * @param options which implementation of the per-step work runs (chain-path.ts; default the fast one)
 */
export function simulateChain(record: WeatherRecord, input: SimulateInputParsed, options: ChainOptions = {}): SimulateOutput {
  // Strings, MPPT inputs, several inverters, wiring and per-module shading: the electrical chain.
  if (input.electrical) return simulateElectricalChain(record, input, input.electrical);
  const steps = chainSteps(record, input.site, input.transposition, input.horizon, options.path);
  const sky = steps.sky;
  const { n, stepHours, day } = sky;
  const count = input.inverter.count;
  const model = inverterModel(input.inverter);
  const capacities = input.arrays.map(arrayCapacity);
  const capacity = capacities.reduce((s, c) => s + c, 0);

  // Each array in turn, on shared buffers, summed into the group: DC, the power-weighted MPP voltage
  // (the inverter's DC voltage), the capacity-weighted plane-of-array irradiance and cell temperature.
  const work = arrayWork(n);
  const energies: ArrayEnergies[] = [];
  const dcTotal = new Float64Array(n);
  const dcWithVoltage = new Float64Array(n);
  const dcTimesVoltage = new Float64Array(n);
  const poa = new Float64Array(n);
  const tCell = new Float64Array(n);
  for (const array of input.arrays) {
    const a = steps.array(array, work);
    energies.push(a.energies);
    const w = capacity > 0 ? a.capacity / capacity : 1 / input.arrays.length;
    for (let k = 0; k < day.length; k++) {
      // at night DC and irradiance are 0 for every array
      const i = day[k];
      const dc = a.dc[i];
      dcTotal[i] += dc;
      if (dc > 0 && Number.isFinite(a.vdc[i])) {
        dcWithVoltage[i] += dc;
        dcTimesVoltage[i] += dc * a.vdc[i];
      }
      poa[i] += a.poaGlobal[i] * w;
    }
    for (let i = 0; i < n; i++) tCell[i] += a.cellTemperature[i] * w;
  }

  // DC of the group, shared equally by `count` identical inverters.
  const perInverter = new Float64Array(n);
  for (let i = 0; i < n; i++) perInverter[i] = dcTotal[i] / count;
  const fallback = model.model === 'sandia' ? model.vdco : Number.NaN;
  const vdc = new Float64Array(n);
  for (let i = 0; i < n; i++) vdc[i] = dcWithVoltage[i] > 0 ? dcTimesVoltage[i] / dcWithVoltage[i] : fallback;
  const needsVoltage = model.model === 'sandia' || (model.model === 'efficiencyCurve' && model.curves.length > 1);
  if (needsVoltage && input.arrays.some((a) => a.module.model === 'pvwatts')) {
    // PVWatts modules have no voltage: the inverter runs at its nominal DC voltage.
    const nominal = model.model === 'sandia' ? model.vdco : model.model === 'efficiencyCurve' ? model.curves[Math.floor(model.curves.length / 2)].voltage : 0;
    for (let i = 0; i < n; i++) if (!Number.isFinite(vdc[i])) vdc[i] = nominal;
  }
  const unclipped = inverterAc(model, perInverter, needsVoltage ? vdc : undefined, undefined, false);
  const limit = inverterAcLimit(model);
  // Availability is an AC-side loss: the capacity-weighted mean of the arrays' values.
  const availability = lossFactor(
    input.arrays.reduce((s, a, k) => s + a.losses.availability * (capacity > 0 ? capacities[k] / capacity : 1 / input.arrays.length), 0),
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

  const toKwh = stepHours / 1000;
  const monthly = Array.from({ length: 12 }, (_, k) => ({ month: k + 1, acKwh: 0, dcKwh: 0, poaKwhM2: 0 }));
  let acKwh = 0;
  let dcKwh = 0;
  let poaKwhM2 = 0;
  const months = monthIndices(record.times, record.site.utcOffset);
  for (let i = 0; i < n; i++) {
    const m = monthly[months[i]];
    m.acKwh += ac[i] * toKwh;
    m.dcKwh += dcTotal[i] * toKwh;
    m.poaKwhM2 += poa[i] * toKwh;
    acKwh += ac[i] * toKwh;
    dcKwh += dcTotal[i] * toKwh;
    poaKwhM2 += poa[i] * toKwh;
  }

  const sum = (key: keyof ArrayEnergies) => energies.reduce((s, a) => s + a[key], 0) / 1000;
  const nominalKwh = sum('nominal');
  const lossKwh: Record<LossName, number> = {
    horizon: sum('horizon'),
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
    shadingIrradiance: 0,
    shadingElectrical: 0,
    wiringDc: 0,
    wiringAc: 0,
  };
  // The far-shading line only for a site with a horizon profile (without one the list is as before);
  // the electrical lines only with `electrical`.
  const names = lossNames.filter((name) => (input.horizon || name !== 'horizon') && !(electricalLossNames as readonly string[]).includes(name));
  const losses = names.map((name) => ({ name, kwh: lossKwh[name], percent: nominalKwh > 0 ? (100 * lossKwh[name]) / nominalKwh : 0 }));
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
