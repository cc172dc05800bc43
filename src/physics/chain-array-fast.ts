// One array of the energy chain on a cached sky (sky-cache.ts): the steps and the arithmetic of
// chain-array.ts `simulateArray` — plane-of-array irradiance, far and near shading, IAM, soiling, cell
// temperature, the module model and the DC losses — in one loop over the packed daylight steps that
// does the optics, the cell temperature (each model's wind term from the sky's table, computed once per
// weather and model instead of once per array) and, for PVWatts modules, the DC power and its losses.
// Single-diode modules then run chain-array.ts's own single-diode and DC-loss steps. In the chain
// (`addArrayFast`) a PVWatts array adds itself into its inverter group's sums (chain-group.ts) inside
// that same loop — no series of its own, no second pass over the steps. The answers are chain-array.ts's
// to the bit, but for the physical IAM, regrouped and with a polynomial exponential (PhysicalIam) and
// so equal up to rounding (≤ 2e-15 relative on pvlib's Turin TMY; tests/unit/physics/chain-fast.test.ts).
// Measured on that TMY (bench/suites/headless.ts cases; CPU time, 2-core EPYC under load): one PVWatts
// array 3.2 → 0.7 ms once the weather has been seen, 200 arrays 64 → 38 ms; then with the group sums in
// the loop, the polynomial exponential and simulateChain's single pass after the arrays, 0.3 and 24 ms.
// An AssemblyScript build of the loop ran within 10 % of it (126 against 138 µs per array, before any
// copy in or out of wasm memory): the time is in sqrt, division and exp, which wasm computes no quicker
// and has no SIMD exp for; so this stays TypeScript and runs wherever the chain runs.
//   PVWatts DC: Dobos, A. P. (2014) PVWatts Version 5 Manual, NREL/TP-6A20-62641.
//   Temperature: King et al. (2004) SAPM; PVsyst; Faiman (2008) — temperature.ts.
//   Physical IAM: De Soto, Klein & Beckman (2006) Solar Energy 80(1), 78–88 — iam.ts.
import type { SimulateArray } from '../model/simulate.ts';
import { arrayPlane, arrayWork, dcLosses, singleDiodeDc, type ArrayEnergies, type ArrayPlane, type ArraySeries, type ArrayWork, type DcLosses } from './chain-array.ts';
import { addSeries, type GroupSums } from './chain-group.ts';
import { DAY, type CachedSky, type TemperatureTable } from './sky-cache.ts';
import { cellTemperature, type TemperatureModel } from './temperature.ts';

/** Which temperature formula a loop applies (see `temperatureTable`). */
const SAPM = 0;
const SAPM_FINITE = 1;
const PVSYST = 2;
const FAIMAN = 3;

/**
 * The physical IAM (De Soto et al. 2006; iam.ts `physical`) as one square root, three divisions and one
 * exponential per step instead of two, four and one — the same equations regrouped: with c = cos θ,
 * cos θ₂ = √(1 − (1 − c²)/n²) (Snell), the s- and p-reflectances from it, Bouguer absorption
 * exp(−KL / cos θ₂), all over the normal-incidence transmittance (1 − r₀²)·exp(−KL), r₀ = (1 − n)/(1 + n).
 * The exponent x = −KL / cos θ₂ only spans [−KL / √(1 − 1/n²), −KL] (cos θ from 0 to 1): for glass
 * (n > 1) with a thin absorbing layer that is a narrow interval, and exp(x) = exp(x_m)·exp(x − x_m) about
 * its middle x_m, the second factor by its Taylor polynomial of degree 6 — a truncation error under
 * h⁷/7! ≤ 2e-18 relative for a half-width h ≤ 0.01 (1.3e-3 for the default n 1.526, K 4, L 2 mm), so the
 * exponential is Math.exp's to 1.6 ulp, at a fraction of its cost. Wider intervals use Math.exp.
 * Equal to iam.ts up to rounding (≤ 2e-15 relative): the chain's most costly step per array and hour.
 */
interface PhysicalIam {
  n: number;
  /** 1/n² */
  invN2: number;
  /** −K·L */
  minusKL: number;
  /** 1 / (2·τ₀) */
  halfInvTau0: number;
  /** The exponential by the polynomial about x_m (else Math.exp). */
  polynomial: boolean;
  /** x_m, and exp(x_m) / (2·τ₀) (0 without the polynomial) */
  middle: number;
  expMiddleHalfInvTau0: number;
}

/** The largest half-width of the exponent's interval the polynomial is used on (see PhysicalIam). */
const EXP_POLYNOMIAL_HALF_WIDTH = 0.01;

function physicalIam(spec: SimulateArray['iam']): PhysicalIam | undefined {
  if (spec.model !== 'physical') return undefined;
  const { n, K, L } = spec;
  const r = (1 - n) / (1 + n);
  const tau0 = (1 - r * r) * Math.exp(-K * L);
  const invN2 = 1 / (n * n);
  const minusKL = -K * L;
  const halfInvTau0 = 0.5 / tau0;
  const lowest = minusKL / Math.sqrt(1 - invN2);
  const polynomial = n > 1 && Number.isFinite(lowest) && (minusKL - lowest) / 2 <= EXP_POLYNOMIAL_HALF_WIDTH;
  const middle = polynomial ? (lowest + minusKL) / 2 : 0;
  return { n, invN2, minusKL, halfInvTau0, polynomial, middle, expMiddleHalfInvTau0: polynomial ? Math.exp(middle) * halfInvTau0 : 0 };
}

/** Tables kept per sky (different models in one process are few; a bound all the same). */
const MAX_TABLES = 64;

/**
 * A temperature model's array-independent work on a sky: the cell temperature with no light (every
 * step: the dark steps of every array) and the wind term of each daylight step —
 * SAPM exp(a + b·WS) [−], PVsyst Uc + Uv·WS and Faiman U0 + U1·WS [W m⁻² °C⁻¹].
 */
export function temperatureTable(sky: CachedSky, model: TemperatureModel): TemperatureTable {
  const key = JSON.stringify(model);
  let table = sky.temperatureTables.get(key);
  if (table) return table;
  const ws = sky.days.windSpeed;
  const wind = new Float64Array(ws.length);
  switch (model.model) {
    case 'sapm':
      for (let k = 0; k < ws.length; k++) wind[k] = Math.exp(model.a + model.b * ws[k]);
      break;
    case 'pvsyst': {
      const uc = model.uc ?? 29;
      const uv = model.uv ?? 0;
      for (let k = 0; k < ws.length; k++) wind[k] = uc + uv * ws[k];
      break;
    }
    case 'faiman': {
      const u0 = model.u0 ?? 25;
      const u1 = model.u1 ?? 6.84;
      for (let k = 0; k < ws.length; k++) wind[k] = u0 + u1 * ws[k];
      break;
    }
  }
  // The dark temperatures are temperature.ts's own answer for a plane without light.
  const dark = cellTemperature(model, new Float64Array(sky.n), sky.tempAir, sky.windSpeed);
  let finite = true;
  for (let k = 0; k < wind.length; k++) if (!Number.isFinite(wind[k])) finite = false;
  if (sky.temperatureTables.size >= MAX_TABLES) sky.temperatureTables.clear();
  table = { dark, wind, finite };
  sky.temperatureTables.set(key, table);
  return table;
}

/** Everything the step loop reads besides the sky's steps, one object per array (one shape: `constants`). */
interface StepConstants {
  cosTilt: number;
  sinTilt: number;
  cosAz: number;
  sinAz: number;
  skyView: number;
  groundView: number;
  skyShare: number;
  diffuseShade: number;
  iamSky: number;
  iamGround: number;
  soiling: number;
  perWm2: number;
  stepHours: number;
  clampSky: boolean;
  farShading: boolean;
  /** Temperature formula (SAPM, SAPM_FINITE, PVSYST, FAIMAN) and its constants. */
  kind: number;
  sapmRef: number;
  sapmDeltaT: number;
  pvsystAlpha: number;
  pvsystEta: number;
  /** Physical IAM inline (PhysicalIam) or else through the model's function. */
  physical: boolean;
  pn: number;
  pInvN2: number;
  pMinusKL: number;
  pHalfInvTau0: number;
  pPolynomial: boolean;
  pMiddle: number;
  pExpMiddleHalfInvTau0: number;
  /** PVWatts DC and the DC losses in the loop (single diode: after it, chain-array.ts). */
  pvwatts: boolean;
  pdc0: number;
  gammaPdc: number;
  nModules: number;
  kw: number;
  mismatchFactor: number;
  lidFactor: number;
  wiringFactor: number;
}

function constants(c: StepConstants): StepConstants {
  return {
    cosTilt: c.cosTilt,
    sinTilt: c.sinTilt,
    cosAz: c.cosAz,
    sinAz: c.sinAz,
    skyView: c.skyView,
    groundView: c.groundView,
    skyShare: c.skyShare,
    diffuseShade: c.diffuseShade,
    iamSky: c.iamSky,
    iamGround: c.iamGround,
    soiling: c.soiling,
    perWm2: c.perWm2,
    stepHours: c.stepHours,
    clampSky: c.clampSky,
    farShading: c.farShading,
    kind: c.kind,
    sapmRef: c.sapmRef,
    sapmDeltaT: c.sapmDeltaT,
    pvsystAlpha: c.pvsystAlpha,
    pvsystEta: c.pvsystEta,
    physical: c.physical,
    pn: c.pn,
    pInvN2: c.pInvN2,
    pMinusKL: c.pMinusKL,
    pHalfInvTau0: c.pHalfInvTau0,
    pPolynomial: c.pPolynomial,
    pMiddle: c.pMiddle,
    pExpMiddleHalfInvTau0: c.pExpMiddleHalfInvTau0,
    pvwatts: c.pvwatts,
    pdc0: c.pdc0,
    gammaPdc: c.gammaPdc,
    nModules: c.nModules,
    kw: c.kw,
    mismatchFactor: c.mismatchFactor,
    lidFactor: c.lidFactor,
    wiringFactor: c.wiringFactor,
  };
}

/** Where stepLoop leaves its sums [Wh], in the order of the loss tree. */
const SUM = { nominal: 0, horizon: 1, shading: 2, iam: 3, soiling: 4, irradianceAndTemperature: 5, mismatch: 6, lid: 7, wiring: 8, length: 9 } as const;

/**
 * The daylight steps of one array: plane-of-array irradiance, far and near shading, IAM and soiling
 * (as chain-array.ts), the cell temperature, and for PVWatts modules the DC power and its losses.
 * Writes poaGlobal, the cell temperature and the DC power of each step [W m⁻², °C, W] (`effective`
 * too for single-diode modules) and the energy sums into `sums` (SUM). With `add` (PVWatts only) it
 * adds them into a group's sums instead (chain-group.ts `addSeries`, the same arithmetic): the DC to
 * `dc`, `weight` × the irradiance to `poaGlobal` and, with `addTemperature`, × the cell temperature to
 * `tCell`.
 */
function stepLoop(
  c: StepConstants,
  index: Int32Array,
  d: Float64Array,
  wind: Float64Array,
  windSpeed: Float64Array,
  beamShade: readonly number[] | undefined,
  iamBeam: (cosAoi: number) => number,
  poaGlobal: Float64Array,
  effective: Float64Array,
  tCell: Float64Array,
  dc: Float64Array,
  add: boolean,
  weight: number,
  addTemperature: boolean,
  sums: Float64Array,
): void {
  const { cosTilt, sinTilt, cosAz, sinAz, skyView, groundView, skyShare, diffuseShade, iamSky, iamGround, soiling, perWm2, stepHours, clampSky, farShading } = c;
  const { kind, sapmRef, sapmDeltaT, pvsystAlpha, pvsystEta, physical, pn, pInvN2, pMinusKL, pHalfInvTau0, pPolynomial, pMiddle, pExpMiddleHalfInvTau0 } = c;
  const { pvwatts, pdc0, gammaPdc, nModules, kw, mismatchFactor, lidFactor, wiringFactor } = c;
  // Offsets in the interleaved daylight steps (sky-cache.ts DAY).
  const CZ = DAY.cosZenith;
  const SZ = DAY.sinZenith;
  const CA = DAY.cosAzimuth;
  const SA = DAY.sinAzimuth;
  const ISO = DAY.iso;
  const CIRC = DAY.circ;
  const HOR = DAY.horizon;
  const GR = DAY.groundReflected;
  const DNI = DAY.dni;
  const TA = DAY.tempAir;
  const FAR = DAY.farBeam;
  const STRIDE = DAY.stride;
  let nominal = 0;
  let farLoss = 0;
  let shading = 0;
  let iam = 0;
  let soiled = 0;
  let irradianceAndTemperature = 0;
  let mismatch = 0;
  let lid = 0;
  let wiring = 0;
  for (let k = 0, o = 0; k < index.length; k++, o += STRIDE) {
    const i = index[k];
    let cosAoi = cosTilt * d[o + CZ] + sinTilt * d[o + SZ] * (d[o + CA] * cosAz + d[o + SA] * sinAz);
    if (cosAoi > 1) cosAoi = 1;
    else if (cosAoi < -1) cosAoi = -1;
    let skyDiffuse = d[o + ISO] * skyView + d[o + CIRC] * (cosAoi > 0 ? cosAoi : 0) + d[o + HOR] * sinTilt;
    if (clampSky && !(skyDiffuse > 0)) skyDiffuse = 0;
    const ground = d[o + GR] * groundView;
    const direct = Math.max(d[o + DNI] * cosAoi, 0);
    const global = direct + (skyDiffuse + ground);
    let directFar = direct;
    let skyFar = skyDiffuse;
    if (farShading) {
      const b = d[o + FAR];
      directFar = direct * b;
      skyFar = (d[o + ISO] * skyView + d[o + HOR] * sinTilt) * skyShare + d[o + CIRC] * (cosAoi > 0 ? cosAoi : 0) * b;
      if (clampSky && !(skyFar > 0)) skyFar = 0;
    }
    const afterFar = directFar + (skyFar + ground);
    const beam = directFar * (1 - (beamShade ? beamShade[i] : 0));
    const skyShaded = skyFar * (1 - diffuseShade);
    const shaded = beam + skyShaded + ground;
    let iamB = 0;
    if (direct > 0) {
      if (!physical) iamB = iamBeam(cosAoi);
      else if (cosAoi > 0) {
        const cos2 = Math.sqrt(1 - (1 - cosAoi * cosAoi) * pInvN2);
        const a = pn * cos2;
        const b = pn * cosAoi;
        const rs = (cosAoi - a) / (cosAoi + a);
        const rp = (cos2 - b) / (cos2 + b);
        if (pPolynomial) {
          // exp(x) / (2·τ₀) = exp(x_m) / (2·τ₀) · Σ_{j ≤ 6} (x − x_m)^j / j! (PhysicalIam)
          const x = pMinusKL / cos2 - pMiddle;
          const x2 = x * x;
          const e = 1 + x + x2 * (1 / 2 + x * (1 / 6)) + x2 * x2 * (1 / 24 + x * (1 / 120) + x2 * (1 / 720));
          iamB = (2 - rs * rs - rp * rp) * e * pExpMiddleHalfInvTau0;
        } else iamB = (2 - rs * rs - rp * rp) * Math.exp(pMinusKL / cos2) * pHalfInvTau0;
      }
    }
    const afterIam = beam * iamB + skyShaded * iamSky + ground * iamGround;
    const eff = afterIam * soiling;
    if (add) poaGlobal[i] += global * weight;
    else poaGlobal[i] = global;
    if (!pvwatts) effective[i] = eff; // the single-diode steps read it back
    nominal += global * perWm2;
    farLoss += (global - afterFar) * perWm2;
    shading += (afterFar - shaded) * perWm2;
    iam += (shaded - afterIam) * perWm2;
    soiled += (afterIam - eff) * perWm2;

    // Cell temperature from the irradiance reaching the plane (after shading, before optical losses).
    const ta = d[o + TA];
    let t: number;
    if (kind === SAPM_FINITE) t = shaded * wind[k] + ta + (shaded / sapmRef) * sapmDeltaT;
    else if (kind === SAPM) {
      // no irradiance: the cell is at air temperature (temperature.ts sapmCellArray)
      t = shaded === 0 && Number.isFinite(windSpeed[k]) ? ta + 0 : shaded * wind[k] + ta + (shaded / sapmRef) * sapmDeltaT;
    } else if (kind === PVSYST) t = ta + (shaded * pvsystAlpha * (1 - pvsystEta)) / wind[k];
    else t = ta + shaded / wind[k];
    if (!add) tCell[i] = t;
    else if (addTemperature) tCell[i] += t * weight;

    if (pvwatts) {
      // PVWatts DC (module.ts pvwattsDc), then mismatch, LID and wiring (chain-array.ts dcLosses).
      const model = eff * 0.001 * pdc0 * (1 + gammaPdc * (t - 25)) * nModules;
      irradianceAndTemperature += (eff * kw - model) * stepHours;
      const mm = model * mismatchFactor;
      const l = mm * lidFactor;
      const w = l * wiringFactor;
      mismatch += (model - mm) * stepHours;
      lid += (mm - l) * stepHours;
      wiring += (l - w) * stepHours;
      if (add) dc[i] += w;
      else dc[i] = w;
    }
  }
  sums[SUM.nominal] = nominal;
  sums[SUM.horizon] = farLoss;
  sums[SUM.shading] = shading;
  sums[SUM.iam] = iam;
  sums[SUM.soiling] = soiled;
  sums[SUM.irradianceAndTemperature] = irradianceAndTemperature;
  sums[SUM.mismatch] = mismatch;
  sums[SUM.lid] = lid;
  sums[SUM.wiring] = wiring;
}

// V8 compiles a long loop while it runs the first time (on-stack replacement); the code after it,
// which has not run yet, is compiled as a bail-out that this compiled loop then takes at the end of
// every later call (measured: 200 arrays 62 instead of 40 ms until the function is recompiled whole).
// One empty run when the module loads gives every statement of stepLoop its type feedback first.
{
  const none = new Float64Array(0);
  const zero: StepConstants = {
    ...{ cosTilt: 0.5, sinTilt: 0.5, cosAz: 0.5, sinAz: 0.5, skyView: 0.5, groundView: 0.5, skyShare: 0.5, diffuseShade: 0.5 },
    ...{ iamSky: 0.5, iamGround: 0.5, soiling: 0.5, perWm2: 0.5, stepHours: 0.5, clampSky: true, farShading: true, kind: SAPM },
    ...{ sapmRef: 0.5, sapmDeltaT: 0.5, pvsystAlpha: 0.5, pvsystEta: 0.5, physical: true, pn: 0.5, pInvN2: 0.5, pMinusKL: 0.5 },
    ...{ pHalfInvTau0: 0.5, pPolynomial: true, pMiddle: 0.5, pExpMiddleHalfInvTau0: 0.5, pvwatts: true, pdc0: 0.5, gammaPdc: 0.5, nModules: 0.5, kw: 0.5, mismatchFactor: 0.5, lidFactor: 0.5, wiringFactor: 0.5 },
  };
  stepLoop(constants(zero), new Int32Array(0), none, none, none, undefined, (x) => x, none, none, none, none, false, 0.5, false, new Float64Array(SUM.length));
}

/** Stands for a series the step loop does not write. */
const NONE = new Float64Array(0);

/** An array's constants on a sky, worked out once per array. */
interface Prepared {
  plane: ArrayPlane;
  c: StepConstants;
  table: TemperatureTable;
}

function prepare(sky: CachedSky, array: SimulateArray): Prepared {
  const { stepHours, days } = sky;
  const plane = arrayPlane(sky, array);
  // Temperature: the formulas of temperature.ts with the wind term from the table.
  const tm: TemperatureModel = array.temperatureModel;
  const table = temperatureTable(sky, tm);
  // The beam IAM: the physical model inline (PhysicalIam), any other through its function.
  const physical = physicalIam(array.iam);
  const module = array.module;
  const c = constants({
    cosTilt: plane.cosTilt,
    sinTilt: plane.sinTilt,
    cosAz: plane.cosAz,
    sinAz: plane.sinAz,
    skyView: plane.skyView,
    groundView: plane.groundView,
    skyShare: plane.skyShare,
    diffuseShade: plane.diffuseShade,
    iamSky: plane.iamSky,
    iamGround: plane.iamGround,
    soiling: plane.soiling,
    perWm2: plane.perWm2,
    stepHours,
    clampSky: sky.clampSky,
    farShading: days.farShading,
    // SAPM without light is the air temperature (temperature.ts): with finite wind terms the formula gives it.
    kind: tm.model === 'sapm' ? (table.finite ? SAPM_FINITE : SAPM) : tm.model === 'pvsyst' ? PVSYST : FAIMAN,
    sapmRef: tm.model === 'sapm' ? (tm.irradRef ?? 1000) : 1000,
    sapmDeltaT: tm.model === 'sapm' ? tm.deltaT : 0,
    pvsystAlpha: tm.model === 'pvsyst' ? (tm.alphaAbsorption ?? 0.9) : 0,
    pvsystEta: tm.model === 'pvsyst' ? (tm.moduleEfficiency ?? 0.1) : 0,
    physical: physical !== undefined,
    pn: physical?.n ?? 0,
    pInvN2: physical?.invN2 ?? 0,
    pMinusKL: physical?.minusKL ?? 0,
    pHalfInvTau0: physical?.halfInvTau0 ?? 0,
    pPolynomial: physical?.polynomial ?? false,
    pMiddle: physical?.middle ?? 0,
    pExpMiddleHalfInvTau0: physical?.expMiddleHalfInvTau0 ?? 0,
    pvwatts: module.model === 'pvwatts',
    pdc0: module.model === 'pvwatts' ? module.pdc0 : 0,
    gammaPdc: module.model === 'pvwatts' ? module.gammaPdc : 0,
    nModules: plane.nModules,
    kw: plane.capacity / 1000,
    mismatchFactor: plane.mismatchFactor,
    lidFactor: plane.lidFactor,
    wiringFactor: plane.wiringFactor,
  });
  return { plane, c, table };
}

function energiesOf(sums: Float64Array, dcLoss: DcLosses): ArrayEnergies {
  return {
    nominal: sums[SUM.nominal],
    horizon: sums[SUM.horizon],
    shading: sums[SUM.shading],
    iam: sums[SUM.iam],
    soiling: sums[SUM.soiling],
    ...dcLoss,
  };
}

function loopDcLosses(sums: Float64Array): DcLosses {
  return {
    irradianceAndTemperature: sums[SUM.irradianceAndTemperature],
    mismatch: sums[SUM.mismatch],
    lid: sums[SUM.lid],
    wiring: sums[SUM.wiring],
  };
}

/**
 * One array through the chain, its series returned; the same answer as chain-array.ts
 * `simulateArray` on the same sky.
 * @param sky the site's cached series (sky-cache.ts)
 * @param array the array (validated input)
 * @param work buffers of this sky's length, reused across the arrays of one simulation; the returned
 *   series are views of them, valid until the next call with the same buffers
 */
export function simulateArrayFast(sky: CachedSky, array: SimulateArray, work: ArrayWork = arrayWork(sky.n)): ArraySeries {
  const { n, stepHours, days } = sky;
  if (work.dc.length !== n) throw new RangeError(`work buffers have ${work.dc.length} steps, the sky has ${n}`);
  const { plane, c, table } = prepare(sky, array);
  const module = array.module;
  const { poaGlobal, effective, cellTemperature: tCell, dc, vdc } = work;
  tCell.set(table.dark);
  dc.fill(0);
  vdc.fill(c.pvwatts ? Number.NaN : 0);
  const sums = new Float64Array(SUM.length);
  stepLoop(c, days.index, days.values, table.wind, days.windSpeed, plane.beamShade, plane.iamBeam, poaGlobal, effective, tCell, dc, false, 0, false, sums);
  let dcLoss = loopDcLosses(sums);
  if (module.model === 'singleDiode') {
    singleDiodeDc(module, days.index, plane.nModules, array.modulesPerString, work);
    dcLoss = dcLosses(plane, days.index, effective, dc, stepHours);
  }
  return { capacity: plane.capacity, poaGlobal, cellTemperature: tCell, dc, vdc, energies: energiesOf(sums, dcLoss) };
}

/**
 * One array through the chain, added into its inverter group's sums (chain-group.ts) with `weight`:
 * the default path of `simulateChain`. A PVWatts array is added inside the step loop, without series
 * of its own or a second pass over the steps; a single-diode array runs `simulateArrayFast` on `work`
 * and is added from its series. The same sums as `addSeries` of chain-array.ts `simulateArray`.
 * @param sky the site's cached series (sky-cache.ts)
 * @param array the array (validated input)
 * @param weight its share of the group's capacity [−]
 * @param group the sums it is added to
 * @param work the buffers for single-diode arrays, asked for only when one comes
 * @returns the array's energies [Wh]
 */
export function addArrayFast(sky: CachedSky, array: SimulateArray, weight: number, group: GroupSums, work: () => ArrayWork): ArrayEnergies {
  if (array.module.model !== 'pvwatts') {
    const a = simulateArrayFast(sky, array, work());
    addSeries(sky.day, a, weight, group);
    return a.energies;
  }
  const { n, days } = sky;
  if (group.dc.length !== n) throw new RangeError(`group sums have ${group.dc.length} steps, the sky has ${n}`);
  const { plane, c, table } = prepare(sky, array);
  const tCell = group.tCell;
  if (tCell) {
    // The dark steps: the cell temperature with no light.
    const { night } = days;
    const dark = table.dark;
    for (let k = 0; k < night.length; k++) {
      const i = night[k];
      tCell[i] += dark[i] * weight;
    }
  }
  const sums = new Float64Array(SUM.length);
  // PVWatts: no effective irradiance kept; without the hourly block no temperature either.
  stepLoop(c, days.index, days.values, table.wind, days.windSpeed, plane.beamShade, plane.iamBeam, group.poa, NONE, tCell ?? NONE, group.dc, true, weight, tCell !== undefined, sums);
  return energiesOf(sums, loopDcLosses(sums));
}
