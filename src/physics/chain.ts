// The hourly energy chain (docs/ENGINE-API.md, "simulate"): weather → solar position at mid-interval →
// plane-of-array irradiance per array → far shading (horizon line), near shading, IAM, soiling → cell
// temperature → module model → DC losses → one group of identical inverters sharing the DC power
// (efficiency and clipping) → availability. Annual and monthly totals, the loss tree (nominal energy
// minus every loss equals the AC energy, step by step), IEC 61724 performance ratio.
// The site's share — Sun, extraterrestrial irradiance, air mass, the sky's transposition terms — is
// computed once (sky-series.ts); the arrays then run one after another and add themselves into the
// group's per-step sums as they run (chain-group.ts; on the fast path inside each array's one loop), so
// the cost per added array is its own plane, optics, temperature and module model only. The inverters,
// the losses after them and the monthly and annual totals are then one pass over the steps.
//   Solar position: NREL SPA (Reda & Andreas 2004), see sky-series.ts.
//   Performance ratio: IEC 61724-1:2017, PR = (E_AC / P_STC) / (H_POA / G_STC).
import type { LossName, SimulateInputParsed, SimulateOutput } from '../model/simulate.ts';
import { electricalLossNames, lossNames } from '../model/simulate.ts';
import type { WeatherRecord } from '../weather/record.ts';
import { arrayCapacity, type ArrayEnergies } from './chain-array.ts';
import { simulateElectricalChain } from './chain-electrical.ts';
import { groupSums } from './chain-group.ts';
import { chainSteps, type ChainOptions } from './chain-path.ts';
import { inverterAc, inverterAcLimit, type InverterModel } from './inverter.ts';
import { lossFactor } from './losses.ts';

function inverterModel(input: SimulateInputParsed['inverter']): InverterModel {
  const { count: _count, ...model } = input;
  return model;
}

/** The group's AC energy and its losses [Wh], and the totals [kWh, kWh m⁻²] of the year and of each month. */
interface Totals {
  inverterLoss: number;
  clippingLoss: number;
  availabilityLoss: number;
  acKwh: number;
  dcKwh: number;
  poaKwhM2: number;
  /** Month m's AC, DC [kWh] and plane-of-array irradiation [kWh m⁻²] at 3m, 3m + 1, 3m + 2. */
  byMonth: Float64Array;
}

/**
 * Each step's AC — the inverters' unclipped AC × count, clipped at the limit, less the availability —
 * and the sums of the year and its months, in one pass (a function of its own: the JIT compiles this
 * loop whole, apart from the rest of the chain).
 * @param unclipped one inverter's AC without its limit [W]
 * @param dcTotal the group's DC [W]
 * @param poa the group's plane-of-array irradiance [W m⁻²]
 * @param months each step's month (0–11)
 * @param ac each step's AC [W], written when given
 */
function acAndTotals(
  unclipped: Float64Array,
  dcTotal: Float64Array,
  poa: Float64Array,
  months: Uint8Array,
  count: number,
  limit: number,
  availability: number,
  stepHours: number,
  ac: Float64Array | undefined,
): Totals {
  const n = dcTotal.length;
  const toKwh = stepHours / 1000;
  const byMonth = new Float64Array(36);
  let inverterLoss = 0;
  let clippingLoss = 0;
  let availabilityLoss = 0;
  let acKwh = 0;
  let dcKwh = 0;
  let poaKwhM2 = 0;
  // The current month's sums in locals, from and back to byMonth when the month changes (the same
  // additions in the same order as straight into byMonth).
  let month = -1;
  let monthAc = 0;
  let monthDc = 0;
  let monthPoa = 0;
  for (let i = 0; i < n; i++) {
    const u = unclipped[i] * count;
    const clipped = Math.min(unclipped[i], limit) * count;
    const delivered = clipped > 0 ? clipped * availability : clipped;
    const dc = dcTotal[i];
    inverterLoss += (dc - u) * stepHours;
    clippingLoss += (u - clipped) * stepHours;
    availabilityLoss += (clipped - delivered) * stepHours;
    if (ac) ac[i] = delivered;
    if (months[i] !== month) {
      if (month >= 0) {
        byMonth[3 * month] = monthAc;
        byMonth[3 * month + 1] = monthDc;
        byMonth[3 * month + 2] = monthPoa;
      }
      month = months[i];
      monthAc = byMonth[3 * month];
      monthDc = byMonth[3 * month + 1];
      monthPoa = byMonth[3 * month + 2];
    }
    monthAc += delivered * toKwh;
    monthDc += dc * toKwh;
    monthPoa += poa[i] * toKwh;
    acKwh += delivered * toKwh;
    dcKwh += dc * toKwh;
    poaKwhM2 += poa[i] * toKwh;
  }
  if (month >= 0) {
    byMonth[3 * month] = monthAc;
    byMonth[3 * month + 1] = monthDc;
    byMonth[3 * month + 2] = monthPoa;
  }
  return { inverterLoss, clippingLoss, availabilityLoss, acKwh, dcKwh, poaKwhM2, byMonth };
}

/**
 * Runs the chain.
 * @param record the weather (interval-start times, UTC)
 * @param input the validated simulate input (its `weather` has been resolved to `record`)
 * @param options which implementation of the per-step work runs (chain-path.ts; default the fast one)
 */
export function simulateChain(record: WeatherRecord, input: SimulateInputParsed, options: ChainOptions = {}): SimulateOutput {
  // Strings, MPPT inputs, several inverters, wiring and per-module shading: the electrical chain.
  if (input.electrical) return simulateElectricalChain(record, input, input.electrical, options.path);
  const steps = chainSteps(record, input.site, input.transposition, input.horizon, options.path);
  const { n, stepHours } = steps.sky;
  const count = input.inverter.count;
  const model = inverterModel(input.inverter);
  const capacities = input.arrays.map(arrayCapacity);
  const capacity = capacities.reduce((s, c) => s + c, 0);
  const needsVoltage = model.model === 'sandia' || (model.model === 'efficiencyCurve' && model.curves.length > 1);
  const hourly = input.output.hourly;

  // Each array in turn, added into the group (chain-group.ts): DC, the power-weighted MPP voltage (the
  // inverter's DC voltage, when its model has one), the capacity-weighted plane-of-array irradiance and
  // (for the hourly block) cell temperature.
  const group = groupSums(n, hourly, needsVoltage);
  const energies: ArrayEnergies[] = input.arrays.map((array, k) =>
    steps.addArray(array, capacity > 0 ? capacities[k] / capacity : 1 / input.arrays.length, group),
  );
  const dcTotal = group.dc;
  const poa = group.poa;

  // DC of the group, shared equally by `count` identical inverters.
  let perInverter = dcTotal;
  if (count !== 1) {
    perInverter = new Float64Array(n);
    for (let i = 0; i < n; i++) perInverter[i] = dcTotal[i] / count;
  }
  let vdc: Float64Array | undefined;
  const { dcWithVoltage, dcTimesVoltage } = group;
  if (dcWithVoltage && dcTimesVoltage) {
    const fallback = model.model === 'sandia' ? model.vdco : Number.NaN;
    vdc = new Float64Array(n);
    for (let i = 0; i < n; i++) vdc[i] = dcWithVoltage[i] > 0 ? dcTimesVoltage[i] / dcWithVoltage[i] : fallback;
    if (input.arrays.some((a) => a.module.model === 'pvwatts')) {
      // PVWatts modules have no voltage: the inverter runs at its nominal DC voltage.
      const nominal = model.model === 'sandia' ? model.vdco : model.model === 'efficiencyCurve' ? model.curves[Math.floor(model.curves.length / 2)].voltage : 0;
      for (let i = 0; i < n; i++) if (!Number.isFinite(vdc[i])) vdc[i] = nominal;
    }
  }
  const unclipped = inverterAc(model, perInverter, vdc, undefined, false);
  const limit = inverterAcLimit(model);
  // Availability is an AC-side loss: the capacity-weighted mean of the arrays' values.
  const availability = lossFactor(
    input.arrays.reduce((s, a, k) => s + a.losses.availability * (capacity > 0 ? capacities[k] / capacity : 1 / input.arrays.length), 0),
  );

  // AC, its losses, and the monthly and annual totals, in one pass.
  const ac = hourly ? new Float64Array(n) : undefined;
  const t = acAndTotals(unclipped, dcTotal, poa, steps.months(record.site.utcOffset), count, limit, availability, stepHours, ac);
  const { byMonth, acKwh, dcKwh, poaKwhM2 } = t;
  const monthly = Array.from({ length: 12 }, (_, k) => ({ month: k + 1, acKwh: byMonth[3 * k], dcKwh: byMonth[3 * k + 1], poaKwhM2: byMonth[3 * k + 2] }));

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
    inverter: t.inverterLoss / 1000,
    clipping: t.clippingLoss / 1000,
    availability: t.availabilityLoss / 1000,
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
  if (ac && group.tCell) {
    out.hourly = {
      times: Array.from(record.times, (t) => new Date(t).toISOString()),
      ac: Array.from(ac),
      dc: Array.from(dcTotal),
      poaGlobal: Array.from(poa),
      cellTemperature: Array.from(group.tCell),
    };
  }
  return out;
}
