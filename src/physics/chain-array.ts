// One array of the energy chain, step by step: plane-of-array irradiance (transposition), far shading
// (the site's horizon line: beam and circumsolar cut off, sky diffuse × the plane's visible sky share,
// horizon.ts), near shading, incidence-angle modifier, soiling, cell temperature, the module model,
// and the DC losses.
// The order and the loss bookkeeping follow PVsyst's loss diagram (PVsyst 7 manual, "Array losses");
// every step is computed per time step so that the loss tree balances exactly.
//   PVWatts DC: Dobos, A. P. (2014) PVWatts Version 5 Manual, NREL/TP-6A20-62641.
//   Single diode: De Soto, W., Klein, S. A. & Beckman, W. A. (2006) Solar Energy 80(1), 78–88; PVsyst,
//   with its thin-film recombination term for a PVsyst module that has d2mutau (Mertens et al. 1998).
// What the arrays of a site share (Sun, air mass, the sky's transposition terms) comes precomputed in
// the SkySeries (sky-series.ts); per array only the angle of incidence (no trigonometry per step: the
// plane's and the Sun's sines and cosines), the view factors, IAM, temperature and the module model
// remain, on the daylight steps only (the night is 0 throughout, except the cell temperature).
import type { SimulateArray, SimulateModule } from '../model/simulate.ts';
import { visibleSkyShare, type HorizonTable } from './horizon.ts';
import { diffuseIam, iamOfCosFunction } from './iam.ts';
import { lossFactor } from './losses.ts';
import { pvwattsDc } from './module.ts';
import {
  calcparamsCec,
  calcparamsCecArray,
  calcparamsDesoto,
  calcparamsDesotoArray,
  calcparamsPvsyst,
  calcparamsPvsystArray,
  type SingleDiodeParameterArrays,
} from './single-diode-params.ts';
import { VOLTAGE_BUILTIN, maxPowerPointArray, singleDiodeOf, type Recombination } from './single-diode.ts';
import type { SkySeries } from './sky-series.ts';
import { cellTemperature } from './temperature.ts';

const D2R = Math.PI / 180;

/** Energies of one array over all steps, in the order of the loss tree [Wh]. */
export interface ArrayEnergies {
  /** Capacity × unshaded POA. */
  nominal: number;
  /** Far shading (horizon line); 0 without a horizon profile. */
  horizon: number;
  shading: number;
  iam: number;
  soiling: number;
  irradianceAndTemperature: number;
  mismatch: number;
  lid: number;
  wiring: number;
}

/** One array's result per step. */
export interface ArraySeries {
  /** STC DC capacity of the array [W]. */
  capacity: number;
  /** Unshaded plane-of-array global irradiance [W m⁻²]. */
  poaGlobal: Float64Array;
  /** Cell temperature [°C]. */
  cellTemperature: Float64Array;
  /** DC power after the DC losses [W]. */
  dc: Float64Array;
  /** DC voltage at the array's maximum power point [V]; NaN for PVWatts modules (no voltage model). */
  vdc: Float64Array;
  energies: ArrayEnergies;
}

const diffuseIamMemo = new Map<string, { sky: number; horizon: number; ground: number }>();

/** Marion's diffuse IAMs depend only on the model and the tilt: computed once per pair (≈ 4 ms each). */
export function diffuseIamCached(spec: SimulateArray['iam'], tilt: number) {
  const key = `${JSON.stringify(spec)}@${tilt}`;
  let v = diffuseIamMemo.get(key);
  if (!v) {
    if (diffuseIamMemo.size > 4096) diffuseIamMemo.clear();
    v = diffuseIam(spec, tilt);
    diffuseIamMemo.set(key, v);
  }
  return v;
}

const iamBeamMemo = new Map<string, (cosAoi: number) => number>();

/**
 * The beam IAM function of a model, one function object per model and parameters: the per-step call
 * then always reaches the same function, which the JIT inlines (a fresh closure per array defeats it).
 */
export function iamBeamCached(spec: SimulateArray['iam']): (cosAoi: number) => number {
  const key = JSON.stringify(spec);
  let f = iamBeamMemo.get(key);
  if (!f) {
    if (iamBeamMemo.size > 4096) iamBeamMemo.clear();
    f = iamOfCosFunction(spec);
    iamBeamMemo.set(key, f);
  }
  return f;
}

const skyShareMemo = new WeakMap<HorizonTable, Map<string, number>>();

/** A plane's visible sky share behind a horizon (≈ 1 ms each): once per profile and orientation. */
export function skyShareCached(table: HorizonTable, tilt: number, azimuth: number): number {
  let byPlane = skyShareMemo.get(table);
  if (!byPlane) skyShareMemo.set(table, (byPlane = new Map()));
  const key = `${tilt}/${azimuth}`;
  let v = byPlane.get(key);
  if (v === undefined) {
    v = visibleSkyShare(table, tilt, azimuth);
    byPlane.set(key, v);
  }
  return v;
}

/** The fields of a PVsyst module that carry its thin-film recombination (all optional). */
interface RecombinationFields {
  model: string;
  parameterSet?: string;
  cellsInSeries?: number;
  /** d²/(μτ) [V] (PVsyst "D2MuTau"). */
  d2mutau?: number;
  /** Built-in voltage per cell [V], default 0.9. */
  vbi?: number;
}

/**
 * PVsyst's thin-film recombination term of a module: for a PVsyst module with d2mutau > 0,
 * d2mutau [V] and N_s·V_bi = cellsInSeries·vbi [V] (vbi default 0.9 V, pvlib VOLTAGE_BUILTIN);
 * none for De Soto / CEC modules, where pvlib warns against it.
 */
export function moduleRecombination(module: RecombinationFields): Recombination | undefined {
  if (module.parameterSet !== 'pvsyst' || !(module.d2mutau !== undefined && module.d2mutau > 0)) return undefined;
  return { d2mutau: module.d2mutau, nsVbi: (module.vbi ?? VOLTAGE_BUILTIN) * (module.cellsInSeries ?? Number.NaN) };
}

/** A module's power at STC (1000 W m⁻², 25 °C) [W]. */
export function moduleStcPower(module: SimulateModule): number {
  switch (module.model) {
    case 'pvwatts':
      return module.pdc0;
    case 'singleDiode':
      return singleDiodeOf(singleDiodeParametersAt(module, 1000, 25), moduleRecombination(module)).pmp;
  }
}

function singleDiodeParametersAt(module: Extract<SimulateModule, { model: 'singleDiode' }>, g: number, t: number) {
  if (module.parameterSet === 'pvsyst') return calcparamsPvsyst(g, t, module);
  return module.parameterSet === 'cec' ? calcparamsCec(g, t, module) : calcparamsDesoto(g, t, module);
}

function singleDiodeParameterArrays(
  module: Extract<SimulateModule, { model: 'singleDiode' }>,
  g: Float64Array,
  t: Float64Array,
  out: SingleDiodeParameterArrays,
): SingleDiodeParameterArrays {
  if (module.parameterSet === 'pvsyst') return calcparamsPvsystArray(g, t, module, out);
  return module.parameterSet === 'cec' ? calcparamsCecArray(g, t, module, out) : calcparamsDesotoArray(g, t, module, out);
}

/** The STC DC capacity of an array [W]. */
export function arrayCapacity(array: SimulateArray): number {
  return moduleStcPower(array.module) * array.modulesPerString * array.strings;
}

/**
 * Buffers for the arrays of one simulation (length n of its SkySeries), reused from array to array:
 * the series an array returns live here and are overwritten by the next array run with them.
 */
export interface ArrayWork {
  poaGlobal: Float64Array;
  poaShaded: Float64Array;
  effective: Float64Array;
  cellTemperature: Float64Array;
  dc: Float64Array;
  vdc: Float64Array;
  /** Steps with light on the cells, then their irradiance [W m⁻²] and cell temperature [°C]. */
  lit: Int32Array;
  g: Float64Array;
  t: Float64Array;
  params: SingleDiodeParameterArrays;
  imp: Float64Array;
  vmp: Float64Array;
  pmp: Float64Array;
}

/** Fresh buffers for a sky of n steps. */
export function arrayWork(n: number): ArrayWork {
  const f = () => new Float64Array(n);
  return {
    poaGlobal: f(),
    poaShaded: f(),
    effective: f(),
    cellTemperature: f(),
    dc: f(),
    vdc: f(),
    lit: new Int32Array(n),
    g: f(),
    t: f(),
    params: { photocurrent: f(), saturationCurrent: f(), resistanceSeries: f(), resistanceShunt: f(), nNsVth: f() },
    imp: f(),
    vmp: f(),
    pmp: f(),
  };
}

/** What every step of one array needs, worked out once per array (shared by both chain paths). */
export interface ArrayPlane {
  /** Modules in the array [−]. */
  nModules: number;
  /** STC DC capacity [W]. */
  capacity: number;
  /** Near-shading beam fraction per step [−], when given. */
  beamShade: readonly number[] | undefined;
  /** Near-shading sky diffuse fraction [−]. */
  diffuseShade: number;
  /** Beam IAM as a function of cos(aoi) [−]. */
  iamBeam: (cosAoi: number) => number;
  /** Diffuse IAMs of the sky and the ground [−] (1 with iamOnDiffuse false). */
  iamSky: number;
  iamGround: number;
  /** Loss factors [−]: soiling, then the DC losses in the order of the loss tree. */
  soiling: number;
  mismatchFactor: number;
  lidFactor: number;
  wiringFactor: number;
  /** The plane's tilt and azimuth as cosines and sines [−]. */
  cosTilt: number;
  sinTilt: number;
  cosAz: number;
  sinAz: number;
  /** 1 + cos β and (1 − cos β)/2 [−]: the sky and ground view terms. */
  skyView: number;
  groundView: number;
  /** The plane's visible share of the sky behind the site's horizon line [−] (1 without one). */
  skyShare: number;
  /** Wh per (W m⁻²) of plane-of-array irradiance over one step. */
  perWm2: number;
}

/** The per-array constants of the chain; rejects a beam shading series of the wrong length. */
export function arrayPlane(sky: SkySeries, array: SimulateArray): ArrayPlane {
  const beamShade = array.shading?.beam;
  if (beamShade && beamShade.length !== sky.n) {
    throw new RangeError(`array "${array.name}": shading.beam has ${beamShade.length} values, the weather has ${sky.n} steps`);
  }
  const capacity = arrayCapacity(array);
  const iamDiffuse = array.iamOnDiffuse ? diffuseIamCached(array.iam, array.surfaceTilt) : { sky: 1, horizon: 1, ground: 1 };
  // The plane: cos(θ) = cos β cos z + sin β sin z cos(γs − γ), with cos(γs − γ) expanded.
  const tilt = array.surfaceTilt * D2R;
  const azimuth = array.surfaceAzimuth * D2R;
  const cosTilt = Math.cos(tilt);
  const far = sky.farHorizon;
  return {
    nModules: array.modulesPerString * array.strings,
    capacity,
    beamShade,
    diffuseShade: array.shading?.diffuse ?? 0,
    iamBeam: iamBeamCached(array.iam),
    iamSky: iamDiffuse.sky,
    iamGround: iamDiffuse.ground,
    soiling: lossFactor(array.losses.soiling),
    mismatchFactor: lossFactor(array.losses.mismatch),
    lidFactor: lossFactor(array.losses.lid),
    wiringFactor: lossFactor(array.losses.wiring),
    cosTilt,
    sinTilt: Math.sin(tilt),
    cosAz: Math.cos(azimuth),
    sinAz: Math.sin(azimuth),
    skyView: 1 + cosTilt,
    groundView: (1 - cosTilt) / 2,
    // Far shading: the beam's 0/1 per step is the site's; the visible share of the sky is this plane's.
    skyShare: far ? skyShareCached(far.table, array.surfaceTilt, array.surfaceAzimuth) : 1,
    perWm2: (capacity / 1000) * sky.stepHours,
  };
}

/**
 * The single-diode module model on the steps with light on the cells: DC power [W] and MPP voltage
 * [V] of the array into `work.dc` and `work.vdc` (left as they are on the other steps).
 * @param day the steps to consider (ascending)
 */
export function singleDiodeDc(
  module: Extract<SimulateModule, { model: 'singleDiode' }>,
  day: Int32Array,
  nModules: number,
  modulesPerString: number,
  work: ArrayWork,
): void {
  const { effective, cellTemperature: tCell, dc, vdc, lit, g, t } = work;
  // Only the steps with light: the single-diode work of the night hours is skipped.
  let m = 0;
  for (let k = 0; k < day.length; k++) {
    const i = day[k];
    if (effective[i] > 0) {
      lit[m] = i;
      g[m] = effective[i];
      t[m] = tCell[i];
      m++;
    }
  }
  const p = work.params;
  const params = singleDiodeParameterArrays(module, g.subarray(0, m), t.subarray(0, m), {
    photocurrent: p.photocurrent.subarray(0, m),
    saturationCurrent: p.saturationCurrent.subarray(0, m),
    resistanceSeries: p.resistanceSeries.subarray(0, m),
    resistanceShunt: p.resistanceShunt.subarray(0, m),
    nNsVth: p.nNsVth.subarray(0, m),
  });
  const points = maxPowerPointArray(
    params,
    { imp: work.imp.subarray(0, m), vmp: work.vmp.subarray(0, m), pmp: work.pmp.subarray(0, m) },
    moduleRecombination(module),
  );
  for (let k = 0; k < m; k++) {
    const i = lit[k];
    dc[i] = points.pmp[k] * nModules;
    vdc[i] = points.vmp[k] * modulesPerString;
  }
}

/** The DC losses after the module model [Wh], in the order of the loss tree. */
export interface DcLosses {
  irradianceAndTemperature: number;
  mismatch: number;
  lid: number;
  wiring: number;
}

/**
 * Applies mismatch, LID and wiring to the module model's DC on the given steps (in place in `dc`) and
 * sums the energies lost [Wh]; the irradiance-and-temperature loss is the plane's effective
 * irradiance at STC efficiency minus the module model's DC.
 */
export function dcLosses(plane: ArrayPlane, day: Int32Array, effective: Float64Array, dc: Float64Array, stepHours: number): DcLosses {
  const { capacity, mismatchFactor, lidFactor, wiringFactor } = plane;
  let irradianceAndTemperature = 0;
  let mismatch = 0;
  let lid = 0;
  let wiring = 0;
  for (let k = 0; k < day.length; k++) {
    const i = day[k];
    const model = dc[i];
    irradianceAndTemperature += (effective[i] * (capacity / 1000) - model) * stepHours;
    const mm = model * mismatchFactor;
    const l = mm * lidFactor;
    const w = l * wiringFactor;
    mismatch += (model - mm) * stepHours;
    lid += (mm - l) * stepHours;
    wiring += (l - w) * stepHours;
    dc[i] = w;
  }
  return { irradianceAndTemperature, mismatch, lid, wiring };
}

/**
 * One array through the chain, step by step as written above (the reference path: `simulateChain`
 * with `path: 'reference'`; the default path is chain-array-fast.ts, with the same answers).
 * @param sky the site's shared series (with the transposition's terms)
 * @param array the array (validated input)
 * @param work buffers of this sky's length, reused across the arrays of one simulation; the returned
 *   series are views of them, valid until the next call with the same buffers
 */
export function simulateArray(sky: SkySeries, array: SimulateArray, work: ArrayWork = arrayWork(sky.n)): ArraySeries {
  const { n, stepHours, day } = sky;
  if (work.dc.length !== n) throw new RangeError(`work buffers have ${work.dc.length} steps, the sky has ${n}`);
  const plane = arrayPlane(sky, array);
  const { nModules, capacity, beamShade, diffuseShade, iamBeam, iamSky, iamGround, soiling, cosTilt, sinTilt, cosAz, sinAz, skyView, groundView, skyShare, perWm2 } =
    plane;
  const { cosZenith, sinZenith, cosAzimuth, sinAzimuth, iso, circ, horizon, groundReflected, dni, clampSky } = sky;
  const farBeam = sky.farHorizon?.beam;

  const { poaGlobal, poaShaded, effective } = work;
  let nominal = 0;
  let farShading = 0;
  let shading = 0;
  let iam = 0;
  let soiled = 0;
  for (let k = 0; k < day.length; k++) {
    const i = day[k];
    let cosAoi = cosTilt * cosZenith[i] + sinTilt * sinZenith[i] * (cosAzimuth[i] * cosAz + sinAzimuth[i] * sinAz);
    if (cosAoi > 1) cosAoi = 1;
    else if (cosAoi < -1) cosAoi = -1;
    let skyDiffuse = iso[i] * skyView + circ[i] * (cosAoi > 0 ? cosAoi : 0) + horizon[i] * sinTilt;
    if (clampSky && !(skyDiffuse > 0)) skyDiffuse = 0;
    const ground = groundReflected[i] * groundView;
    const direct = Math.max(dni[i] * cosAoi, 0);
    const global = direct + (skyDiffuse + ground);
    // Behind the horizon line (without a profile: the same values, so the same sums to the bit).
    let directFar = direct;
    let skyFar = skyDiffuse;
    if (farBeam) {
      const b = farBeam[i];
      directFar = direct * b;
      skyFar = (iso[i] * skyView + horizon[i] * sinTilt) * skyShare + circ[i] * (cosAoi > 0 ? cosAoi : 0) * b;
      if (clampSky && !(skyFar > 0)) skyFar = 0;
    }
    const afterFar = directFar + (skyFar + ground);
    const beam = directFar * (1 - (beamShade ? beamShade[i] : 0));
    const skyShaded = skyFar * (1 - diffuseShade);
    const shaded = beam + skyShaded + ground;
    const afterIam = beam * (direct > 0 ? iamBeam(cosAoi) : 0) + skyShaded * iamSky + ground * iamGround;
    const eff = afterIam * soiling;
    poaGlobal[i] = global;
    poaShaded[i] = shaded;
    effective[i] = eff;
    nominal += global * perWm2;
    farShading += (global - afterFar) * perWm2;
    shading += (afterFar - shaded) * perWm2;
    iam += (shaded - afterIam) * perWm2;
    soiled += (afterIam - eff) * perWm2;
  }

  // Cell temperature from the irradiance reaching the plane (after shading, before optical losses).
  const tCell = cellTemperature(array.temperatureModel, poaShaded, sky.tempAir, sky.windSpeed, work.cellTemperature);
  const { dc, vdc } = work;
  dc.fill(0);
  const module = array.module;
  if (module.model === 'pvwatts') {
    for (let k = 0; k < day.length; k++) {
      const i = day[k];
      dc[i] = pvwattsDc(effective[i], tCell[i], module.pdc0, module.gammaPdc) * nModules;
    }
    vdc.fill(Number.NaN);
  } else {
    vdc.fill(0);
    singleDiodeDc(module, day, nModules, array.modulesPerString, work);
  }
  const dcLoss = dcLosses(plane, day, effective, dc, stepHours);
  const e: ArrayEnergies = { nominal, horizon: farShading, shading, iam, soiling: soiled, ...dcLoss };
  return { capacity, poaGlobal, cellTemperature: tCell, dc, vdc, energies: e };
}
