// The energy chain with simulate's `electrical` block (model/simulate.ts, docs/ENGINE-API.md
// "simulate"): strings on MPPT inputs of several inverters, per-module shading through bypass
// substrings, DC and AC cables.
//
// Per array, once: the plane, optics and cell temperature of chain-array.ts (the same code as without
// `electrical`, for the array's modules that are in strings), run a second time with the beam blocked
// to split the effective irradiance into its beam and diffuse parts; and the module's maximum power
// point at each step (the array's unshaded modules all sit there).
// Per step: each shaded module's substrings get the diffuse plus the beam their most shaded cell lets
// through (mismatch/shading-rule.ts); each MPPT input works at the global maximum of its strings'
// combined curves (chain-electrical-mppt.ts; alike unshaded strings need no curve work); each string's
// power takes its array's percentage losses (mismatch, LID, wiring) and its cable's I²R at its current,
// the input its combiner cable's (ΣI)²R; each inverter turns the sum of its inputs into AC with its own
// model at the power-weighted voltage of its inputs, clips at its own AC limit, loses its AC cable's
// I²R (3 phases: 3·I²R with I = P/(√3·U·cosφ); 1 phase: 2·I²R with I = P/(U·cosφ); ELECTRICAL.md
// "Cables"), and availability.
// The loss tree adds, to the chain's lines: shadingIrradiance — the modules' beam lost to their own
// shading, in plane-of-array terms (PVsyst's "near shadings: irradiance loss"); shadingElectrical — the
// modules' maximum powers at their own mean irradiance minus what the inputs deliver (PVsyst's
// "electrical loss according to strings": bypassed and current-limited substrings, strings sharing an
// input's voltage); wiringDc and wiringAc. nominal − Σ lines = AC, to rounding.
// Simplifications: every module of an array has the array's cell temperature; cable losses are taken at
// the operating currents without moving the operating point (PVsyst's ohmic loss at the MPP); the
// tracker finds the global maximum; a string whose array is dark at a step is disconnected.
//   Performance ratio: IEC 61724-1:2017, as chain.ts.
import type { LossName, SimulateArray, SimulateElectricalParsed, SimulateInputParsed, SimulateOutput } from '../model/simulate.ts';
import { lossNames } from '../model/simulate.ts';
import type { WeatherRecord } from '../weather/record.ts';
import { arrayWork, moduleRecombination, moduleStcPower, simulateArray } from './chain-array.ts';
import { electricalLayout } from './chain-electrical-layout.ts';
import { moduleAtStep, type ModuleAtStep } from './chain-electrical-module.ts';
import { solveMppt, type MpptWork } from './chain-electrical-mppt.ts';
import { chainSteps, type ChainPath } from './chain-path.ts';
import { efficiencyCurveAc, inverterAcLimit, pvwattsAc, sandia, validateEfficiencyCurve, type InverterModel } from './inverter.ts';
import { lossFactor } from './losses.ts';
import { pvwattsDc } from './module.ts';
import { calcparamsCecArray, calcparamsDesotoArray, calcparamsPvsystArray } from './single-diode-params.ts';
import { maxPowerPointArray } from './single-diode.ts';
import type { SkySeries } from './sky-series.ts';

/** One array with modules in strings, through its plane and module model. */
interface ArrayRun {
  index: number;
  modules: number;
  /** Module STC power [W]. */
  stc: number;
  model: ModuleAtStep;
  /** Per step: effective irradiance [W m⁻²], its beam part [W m⁻²], the beam on the plane after near
   * shading [W m⁻²], cell temperature [°C]; the module's maximum power [W], voltage [V], current [A]. */
  eff: Float64Array;
  beamEff: Float64Array;
  beamPoa: Float64Array;
  tCell: Float64Array;
  p0: Float64Array;
  v0: Float64Array;
  i0: Float64Array;
  soiling: number;
  mismatch: number;
  lid: number;
  wiring: number;
  availability: number;
  energies: { nominal: number; horizon: number; shading: number; iam: number; soiling: number };
}

/**
 * The array's plane, optics and temperature (two passes of chain-array.ts) and its module's MPP per
 * step; its unshaded plane-of-array irradiance and cell temperature are added to `poa` and `tCellOut`
 * with the weight `weight` (its share of the capacity).
 */
function runArray(
  sky: SkySeries,
  array: SimulateArray,
  index: number,
  modules: number,
  stc: number,
  e: SimulateElectricalParsed,
  work: ReturnType<typeof arrayWork>,
  weight: number,
  poa: Float64Array,
  tCellOut: Float64Array,
): ArrayRun {
  const n = sky.n;
  const module = array.module;
  // The plane, optics, temperature and energies do not depend on the module model, only on the
  // capacity: a PVWatts module of the same STC power stands in (the module model is solved below).
  const own = { ...array, modulesPerString: 1, strings: modules, module: { model: 'pvwatts' as const, pdc0: stc, gammaPdc: 0 } };
  const a = simulateArray(sky, own, work);
  const eff = work.effective.slice();
  const poaShaded = work.poaShaded.slice();
  const tCell = a.cellTemperature.slice();
  for (let i = 0; i < n; i++) {
    poa[i] += a.poaGlobal[i] * weight;
    tCellOut[i] += tCell[i] * weight;
  }
  const energies = { nominal: a.energies.nominal, horizon: a.energies.horizon, shading: a.energies.shading, iam: a.energies.iam, soiling: a.energies.soiling };
  // The same plane with the beam blocked: what is left is the diffuse part.
  simulateArray(sky, { ...own, shading: { beam: new Array<number>(n).fill(1), diffuse: array.shading?.diffuse ?? 0 } }, work);
  const beamEff = new Float64Array(n);
  const beamPoa = new Float64Array(n);
  for (const i of sky.day) {
    beamEff[i] = Math.max(0, eff[i] - work.effective[i]);
    beamPoa[i] = Math.max(0, poaShaded[i] - work.poaShaded[i]);
  }
  const p0 = new Float64Array(n);
  const v0 = new Float64Array(n);
  const i0 = new Float64Array(n);
  if (module.model === 'pvwatts') {
    for (const i of sky.day) p0[i] = pvwattsDc(eff[i], tCell[i], module.pdc0, module.gammaPdc);
  } else {
    // the array's module model on the lit steps, as chain-array.ts computes it
    const lit: number[] = [];
    for (const i of sky.day) if (eff[i] > 0) lit.push(i);
    const g = Float64Array.from(lit, (i) => eff[i]);
    const t = Float64Array.from(lit, (i) => tCell[i]);
    const params =
      module.parameterSet === 'pvsyst' ? calcparamsPvsystArray(g, t, module) : module.parameterSet === 'cec' ? calcparamsCecArray(g, t, module) : calcparamsDesotoArray(g, t, module);
    const mpp = maxPowerPointArray(params, undefined, moduleRecombination(module));
    lit.forEach((i, k) => {
      p0[i] = mpp.pmp[k];
      v0[i] = mpp.vmp[k];
      i0[i] = mpp.imp[k];
    });
  }
  return {
    index,
    modules,
    stc,
    model: moduleAtStep(module, e.bypassDiodes, e.diodeDrop),
    eff,
    beamEff,
    beamPoa,
    tCell,
    p0,
    v0,
    i0,
    soiling: lossFactor(array.losses.soiling),
    mismatch: lossFactor(array.losses.mismatch),
    lid: lossFactor(array.losses.lid),
    wiring: lossFactor(array.losses.wiring),
    availability: array.losses.availability,
    energies,
  };
}

/** AC of one inverter without its limit [W] (pvlib `inverter.pvwatts`, `sandia`, PVsyst curve). */
function acUnclipped(model: InverterModel, pdc: number, vdc: number): number {
  switch (model.model) {
    case 'pvwatts':
      return pvwattsAc(pdc, model.pdc0, model.etaInvNom, model.etaInvRef, false);
    case 'sandia':
      return sandia(vdc, pdc, model, false);
    case 'efficiencyCurve':
      return efficiencyCurveAc(vdc, pdc, model, false);
  }
}

/** The DC voltage an inverter model runs at when its inputs give none (PVWatts modules) [V]. */
function nominalVoltage(model: InverterModel): number {
  if (model.model === 'sandia') return model.vdco;
  if (model.model === 'efficiencyCurve') return model.curves[Math.floor(model.curves.length / 2)].voltage;
  return Number.NaN;
}

/**
 * Runs the chain with strings, MPPT inputs and several inverters.
 * @param record the weather (interval-start times, UTC)
 * @param input the validated simulate input
 * @param e its electrical block
 * @param path where the sky comes from (chain-path.ts; default the cache)
 */
export function simulateElectricalChain(record: WeatherRecord, input: SimulateInputParsed, e: SimulateElectricalParsed, path?: ChainPath): SimulateOutput {
  // The site's sky as the chain without `electrical` gets it (chain-path.ts: by default from the
  // process's cache, sky-cache.ts); the arrays then run chain-array.ts's steps on it, which keep the
  // shaded plane-of-array irradiance and the effective irradiance apart as this chain needs them.
  const steps = chainSteps(record, input.site, input.transposition, input.horizon, path);
  const sky = steps.sky;
  const { n, stepHours } = sky;
  const L = electricalLayout(e, input.arrays.length, n);

  // The arrays with modules in strings; the output's irradiance and temperature weighted by capacity.
  const stcs = input.arrays.map((a, k) => (L.modulesPerArray[k] > 0 ? moduleStcPower(a.module) : 0));
  const capacity = stcs.reduce((s, stc, k) => s + stc * L.modulesPerArray[k], 0);
  const withStrings = L.modulesPerArray.reduce((c, m) => c + (m > 0 ? 1 : 0), 0);
  const work = arrayWork(n);
  const poa = new Float64Array(n);
  const tCellOut = new Float64Array(n);
  const runs: ArrayRun[] = [];
  input.arrays.forEach((array, k) => {
    const modules = L.modulesPerArray[k];
    if (modules === 0) return;
    const weight = capacity > 0 ? (stcs[k] * modules) / capacity : 1 / withStrings;
    runs.push(runArray(sky, array, k, modules, stcs[k], e, work, weight, poa, tCellOut));
  });
  const availability = lossFactor(runs.reduce((s, r) => s + r.availability * (capacity > 0 ? (r.stc * r.modules) / capacity : 1 / runs.length), 0));
  const runOf: (ArrayRun | undefined)[] = input.arrays.map(() => undefined);
  for (const r of runs) runOf[r.index] = r;

  // The inverters' models.
  const { count: _count, ...defaultModel } = input.inverter;
  const models: InverterModel[] = e.inverters.map((inv) => (inv.model ?? defaultModel) as InverterModel);
  for (const mdl of models) if (mdl.model === 'efficiencyCurve') validateEfficiencyCurve(mdl);
  const limits = models.map(inverterAcLimit);
  const needsVoltage = models.map((mdl) => mdl.model === 'sandia' || (mdl.model === 'efficiencyCurve' && mdl.curves.length > 1));

  const nArr = input.arrays.length;
  const nStr = L.stringArray.length;
  const nMppt = L.mpptStart.length;
  const nInv = models.length;
  const w: MpptWork = {
    L,
    models: input.arrays.map((a, k) => runOf[k]?.model ?? moduleAtStep(a.module, e.bypassDiodes, e.diodeDrop)),
    bypassDiodes: e.bypassDiodes,
    orientation: e.orientation,
    cellRows: e.cellRows,
    g0: new Float64Array(nArr),
    beamEff: new Float64Array(nArr),
    beamPoa: new Float64Array(nArr),
    tCell: new Float64Array(nArr),
    p0: new Float64Array(nArr),
    v0: new Float64Array(nArr),
    i0: new Float64Array(nArr),
    stcPerWm2: Float64Array.from(input.arrays, (_, k) => (runOf[k] ? runOf[k].stc / 1000 : 0)),
    soiling: Float64Array.from(input.arrays, (_, k) => runOf[k]?.soiling ?? 1),
    stringPower: new Float64Array(nStr),
    stringCurrent: new Float64Array(nStr),
    sums: { beamPoa: 0, iam: 0, soiling: 0, effective: 0, ideal: 0 },
    c: new Float64Array(e.bypassDiodes),
    cFor: Number.NaN,
    kindG: [],
    kindN: [],
    classOf: new Int32Array(L.mpptEnd.reduce((most, end, m) => Math.max(most, end - L.mpptStart[m]), 1)),
    one: new Float64Array(1),
    inputs: [],
    counts: [],
    kindsStep: -1,
    kinds: [],
    lastArray: -1,
    lastG: Number.NaN,
    lastPower: 0,
  };
  const mpptDc = new Float64Array(nMppt);
  const mpptV = new Float64Array(nMppt);

  // Energies [Wh] and the hourly series [W].
  let shadingIrradiance = 0;
  let iamAdjust = 0;
  let soilingAdjust = 0;
  let irradianceAndTemperature = 0;
  let shadingElectrical = 0;
  let mismatch = 0;
  let lid = 0;
  let wiring = 0;
  let wiringDc = 0;
  let inverterLoss = 0;
  let clippingLoss = 0;
  let wiringAc = 0;
  let availabilityLoss = 0;
  const perInverter = models.map(() => ({ dc: 0, ac: 0, clipping: 0 }));
  const ac = new Float64Array(n);
  const dcTotal = new Float64Array(n);
  const sums = w.sums;

  for (let i = 0; i < n; i++) {
    // The arrays at this step: their unshaded modules' light, power and the effective power at STC efficiency.
    let lit = false;
    let effW = 0;
    let idealW = 0;
    for (const r of runs) {
      const a = r.index;
      w.g0[a] = r.eff[i];
      w.beamEff[a] = r.beamEff[i];
      w.beamPoa[a] = r.beamPoa[i];
      w.tCell[a] = r.tCell[i];
      w.p0[a] = r.p0[i];
      w.v0[a] = r.v0[i];
      w.i0[a] = r.i0[i];
      if (r.eff[i] > 0) {
        lit = true;
        effW += (r.eff[i] * r.modules * r.stc) / 1000;
        idealW += r.modules * r.p0[i];
      }
    }
    // The MPPT inputs: operating point (with the step's shaded modules, which come by string and so by
    // input), percentage losses, DC cables.
    sums.beamPoa = sums.iam = sums.soiling = sums.effective = sums.ideal = 0;
    w.lastArray = -1;
    let q = L.stepStart[i];
    const qEnd = L.stepStart[i + 1];
    let modelW = 0;
    for (let m = 0; m < nMppt; m++) {
      if (!lit) {
        mpptDc[m] = 0;
        mpptV[m] = Number.NaN;
        continue;
      }
      const first = q;
      while (q < qEnd && L.entryString[q] < L.mpptEnd[m]) q++;
      mpptV[m] = solveMppt(w, m, i, first, q);
      let dc = 0;
      let current = 0;
      for (let s = L.mpptStart[m]; s < L.mpptEnd[m]; s++) {
        const p = w.stringPower[s];
        const cur = w.stringCurrent[s];
        const r = runOf[L.stringArray[s]]!;
        modelW += p;
        const mm = p * r.mismatch;
        const l = mm * r.lid;
        const wr = l * r.wiring;
        mismatch += (p - mm) * stepHours;
        lid += (mm - l) * stepHours;
        wiring += (l - wr) * stepHours;
        const cable = cur * cur * L.stringOhm[s];
        wiringDc += cable * stepHours;
        dc += wr - cable;
        current += cur;
      }
      const combiner = current * current * L.mpptOhm[m];
      wiringDc += combiner * stepHours;
      mpptDc[m] = dc - combiner;
    }
    if (lit) {
      shadingIrradiance += sums.beamPoa * stepHours;
      iamAdjust += sums.iam * stepHours;
      soilingAdjust += sums.soiling * stepHours;
      effW -= sums.effective;
      idealW += sums.ideal;
      irradianceAndTemperature += (effW - idealW) * stepHours;
      shadingElectrical += (idealW - modelW) * stepHours;
    }
    // The inverters.
    let acStep = 0;
    let dcStep = 0;
    for (let v = 0; v < nInv; v++) {
      const inv = e.inverters[v];
      const model = models[v];
      let pdc = 0;
      let withV = 0;
      let timesV = 0;
      for (let m = L.inverterStart[v]; m < L.inverterEnd[v]; m++) {
        pdc += mpptDc[m];
        if (mpptDc[m] > 0 && Number.isFinite(mpptV[m])) {
          withV += mpptDc[m];
          timesV += mpptDc[m] * mpptV[m];
        }
      }
      const vdc = needsVoltage[v] ? (withV > 0 ? timesV / withV : nominalVoltage(model)) : 0;
      const u = acUnclipped(model, pdc, vdc);
      const clipped = Math.min(u, limits[v]);
      let cable = 0;
      if (clipped > 0 && inv.acWiringOhm > 0) {
        const current = clipped / ((inv.acPhases === 3 ? Math.sqrt(3) : 1) * inv.acVoltage * inv.acPowerFactor);
        cable = Math.min(clipped, (inv.acPhases === 3 ? 3 : 2) * current * current * inv.acWiringOhm);
      }
      const afterCable = clipped - cable;
      const delivered = afterCable > 0 ? afterCable * availability : afterCable;
      inverterLoss += (pdc - u) * stepHours;
      clippingLoss += (u - clipped) * stepHours;
      wiringAc += cable * stepHours;
      availabilityLoss += (afterCable - delivered) * stepHours;
      const t = perInverter[v];
      t.dc += pdc * stepHours;
      t.ac += delivered * stepHours;
      t.clipping += (u - clipped) * stepHours;
      acStep += delivered;
      dcStep += pdc;
    }
    ac[i] = acStep;
    dcTotal[i] = dcStep;
  }

  const toKwh = stepHours / 1000;
  const monthly = Array.from({ length: 12 }, (_, k) => ({ month: k + 1, acKwh: 0, dcKwh: 0, poaKwhM2: 0 }));
  let acKwh = 0;
  let dcKwh = 0;
  let poaKwhM2 = 0;
  const months = steps.months(record.site.utcOffset);
  for (let i = 0; i < n; i++) {
    const mo = monthly[months[i]];
    mo.acKwh += ac[i] * toKwh;
    mo.dcKwh += dcTotal[i] * toKwh;
    mo.poaKwhM2 += poa[i] * toKwh;
    acKwh += ac[i] * toKwh;
    dcKwh += dcTotal[i] * toKwh;
    poaKwhM2 += poa[i] * toKwh;
  }
  const sum = (key: keyof ArrayRun['energies']) => runs.reduce((s, r) => s + r.energies[key], 0);
  const nominalKwh = sum('nominal') / 1000;
  const lossKwh: Record<LossName, number> = {
    horizon: sum('horizon') / 1000,
    shading: sum('shading') / 1000,
    shadingIrradiance: shadingIrradiance / 1000,
    iam: (sum('iam') - iamAdjust) / 1000,
    soiling: (sum('soiling') - soilingAdjust) / 1000,
    irradianceAndTemperature: irradianceAndTemperature / 1000,
    shadingElectrical: shadingElectrical / 1000,
    mismatch: mismatch / 1000,
    lid: lid / 1000,
    wiring: wiring / 1000,
    wiringDc: wiringDc / 1000,
    inverter: inverterLoss / 1000,
    clipping: clippingLoss / 1000,
    wiringAc: wiringAc / 1000,
    availability: availabilityLoss / 1000,
  };
  const names = input.horizon ? lossNames : lossNames.filter((name) => name !== 'horizon');
  const losses = names.map((name) => ({ name, kwh: lossKwh[name], percent: nominalKwh > 0 ? (100 * lossKwh[name]) / nominalKwh : 0 }));
  const kwp = capacity / 1000;
  const specificYield = kwp > 0 ? acKwh / kwp : 0;
  const out: SimulateOutput = {
    annual: { acKwh, dcKwh, poaKwhM2, specificYield, performanceRatio: poaKwhM2 > 0 ? specificYield / poaKwhM2 : 0, capacityKwp: kwp, nominalKwh },
    monthly,
    losses,
    electrical: {
      inverters: e.inverters.map((inv, v) => ({ id: inv.id, dcKwh: perInverter[v].dc / 1000, acKwh: perInverter[v].ac / 1000, clippingKwh: perInverter[v].clipping / 1000 })),
    },
  };
  if (record.estimate) out.estimate = true;
  if (input.output.hourly) {
    out.hourly = {
      times: Array.from(record.times, (t) => new Date(t).toISOString()),
      ac: Array.from(ac),
      dc: Array.from(dcTotal),
      poaGlobal: Array.from(poa),
      cellTemperature: Array.from(tCellOut),
    };
  }
  return out;
}
