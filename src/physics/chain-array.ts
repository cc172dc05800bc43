// One array of the energy chain, step by step: plane-of-array irradiance (transposition), shading,
// incidence-angle modifier, soiling, cell temperature, the module model, and the DC losses.
// The order and the loss bookkeeping follow PVsyst's loss diagram (PVsyst 7 manual, "Array losses");
// every step is computed per time step so that the loss tree balances exactly.
//   PVWatts DC: Dobos, A. P. (2014) PVWatts Version 5 Manual, NREL/TP-6A20-62641.
//   Single diode: De Soto, W., Klein, S. A. & Beckman, W. A. (2006) Solar Energy 80(1), 78–88; PVsyst.
import type { SimulateArray, SimulateModule } from '../model/simulate.ts';
import { diffuseIam, iamFunction } from './iam.ts';
import { aoi, totalIrradiance, type SkyDiffuseModel } from './irradiance.ts';
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
import { maxPowerPointArray, singleDiodeOf } from './single-diode.ts';
import { cellTemperature } from './temperature.ts';

/** What every array of a site shares, per step (mid-interval solar position and the weather). */
export interface SkySeries {
  /** Number of steps. */
  n: number;
  /** [h] length of a step. */
  stepHours: number;
  /** Apparent solar zenith [°]. */
  solarZenith: Float64Array;
  /** Solar azimuth, clockwise from north [°]. */
  solarAzimuth: Float64Array;
  /** [W m⁻²] */
  dniExtra: Float64Array;
  /** Relative air mass (Kasten–Young 1989) [−]; NaN at night. */
  airmass: Float64Array;
  ghi: Float64Array;
  dni: Float64Array;
  dhi: Float64Array;
  tempAir: Float64Array;
  windSpeed: Float64Array;
  /** Ground reflectance per step [−]. */
  albedo: Float64Array;
}

/** Energies of one array over all steps, in the order of the loss tree [Wh]. */
export interface ArrayEnergies {
  /** Capacity × unshaded POA. */
  nominal: number;
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
function diffuseIamCached(spec: SimulateArray['iam'], tilt: number) {
  const key = `${JSON.stringify(spec)}@${tilt}`;
  let v = diffuseIamMemo.get(key);
  if (!v) {
    if (diffuseIamMemo.size > 4096) diffuseIamMemo.clear();
    v = diffuseIam(spec, tilt);
    diffuseIamMemo.set(key, v);
  }
  return v;
}

/** A module's power at STC (1000 W m⁻², 25 °C) [W]. */
export function moduleStcPower(module: SimulateModule): number {
  switch (module.model) {
    case 'pvwatts':
      return module.pdc0;
    case 'singleDiode':
      return singleDiodeOf(singleDiodeParametersAt(module, 1000, 25)).pmp;
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
): SingleDiodeParameterArrays {
  if (module.parameterSet === 'pvsyst') return calcparamsPvsystArray(g, t, module);
  return module.parameterSet === 'cec' ? calcparamsCecArray(g, t, module) : calcparamsDesotoArray(g, t, module);
}

/**
 * One array through the chain.
 * @param sky the site's shared series
 * @param array the array (validated input)
 * @param transposition sky diffuse model
 */
export function simulateArray(sky: SkySeries, array: SimulateArray, transposition: SkyDiffuseModel): ArraySeries {
  const { n, stepHours } = sky;
  const nModules = array.modulesPerString * array.strings;
  const capacity = moduleStcPower(array.module) * nModules;
  const beamShade = array.shading?.beam;
  if (beamShade && beamShade.length !== n) {
    throw new RangeError(`array "${array.name}": shading.beam has ${beamShade.length} values, the weather has ${n} steps`);
  }
  const diffuseShade = array.shading?.diffuse ?? 0;
  const iamBeam = iamFunction(array.iam);
  const iamDiffuse = array.iamOnDiffuse ? diffuseIamCached(array.iam, array.surfaceTilt) : { sky: 1, horizon: 1, ground: 1 };
  const soiling = lossFactor(array.losses.soiling);
  const dcFactors = [lossFactor(array.losses.mismatch), lossFactor(array.losses.lid), lossFactor(array.losses.wiring)];

  const poaGlobal = new Float64Array(n);
  const poaShaded = new Float64Array(n);
  const effective = new Float64Array(n);
  const e: ArrayEnergies = { nominal: 0, shading: 0, iam: 0, soiling: 0, irradianceAndTemperature: 0, mismatch: 0, lid: 0, wiring: 0 };
  const perWm2 = (capacity / 1000) * stepHours; // Wh per (W m⁻²) of plane-of-array irradiance
  for (let i = 0; i < n; i++) {
    const c = totalIrradiance(
      {
        surfaceTilt: array.surfaceTilt,
        surfaceAzimuth: array.surfaceAzimuth,
        solarZenith: sky.solarZenith[i],
        solarAzimuth: sky.solarAzimuth[i],
        dni: sky.dni[i],
        ghi: sky.ghi[i],
        dhi: sky.dhi[i],
        dniExtra: sky.dniExtra[i],
        airmass: sky.airmass[i],
        albedo: sky.albedo[i],
      },
      transposition,
    );
    const beam = c.poaDirect * (1 - (beamShade ? beamShade[i] : 0));
    const skyDiffuse = c.poaSkyDiffuse * (1 - diffuseShade);
    const shaded = beam + skyDiffuse + c.poaGroundDiffuse;
    const theta = c.poaDirect > 0 ? aoi(array.surfaceTilt, array.surfaceAzimuth, sky.solarZenith[i], sky.solarAzimuth[i]) : 90;
    const afterIam = beam * (c.poaDirect > 0 ? iamBeam(theta) : 0) + skyDiffuse * iamDiffuse.sky + c.poaGroundDiffuse * iamDiffuse.ground;
    const eff = afterIam * soiling;
    poaGlobal[i] = c.poaGlobal;
    poaShaded[i] = shaded;
    effective[i] = eff;
    e.nominal += c.poaGlobal * perWm2;
    e.shading += (c.poaGlobal - shaded) * perWm2;
    e.iam += (shaded - afterIam) * perWm2;
    e.soiling += (afterIam - eff) * perWm2;
  }

  // Cell temperature from the irradiance reaching the plane (after shading, before optical losses).
  const tCell = cellTemperature(array.temperatureModel, poaShaded, sky.tempAir, sky.windSpeed);
  const dc = new Float64Array(n);
  const vdc = new Float64Array(n);
  const module = array.module;
  if (module.model === 'pvwatts') {
    for (let i = 0; i < n; i++) dc[i] = pvwattsDc(effective[i], tCell[i], module.pdc0, module.gammaPdc) * nModules;
    vdc.fill(Number.NaN);
  } else {
    // Only the steps with light: the single-diode work of the night hours is skipped.
    const lit: number[] = [];
    for (let i = 0; i < n; i++) if (effective[i] > 0) lit.push(i);
    const g = new Float64Array(lit.length);
    const t = new Float64Array(lit.length);
    lit.forEach((i, k) => {
      g[k] = effective[i];
      t[k] = tCell[i];
    });
    const points = maxPowerPointArray(singleDiodeParameterArrays(module, g, t));
    lit.forEach((i, k) => {
      dc[i] = points.pmp[k] * nModules;
      vdc[i] = points.vmp[k] * array.modulesPerString;
    });
  }
  for (let i = 0; i < n; i++) {
    const model = dc[i];
    e.irradianceAndTemperature += (effective[i] * (capacity / 1000) - model) * stepHours;
    const m = model * dcFactors[0];
    const l = m * dcFactors[1];
    const w = l * dcFactors[2];
    e.mismatch += (model - m) * stepHours;
    e.lid += (m - l) * stepHours;
    e.wiring += (l - w) * stepHours;
    dc[i] = w;
  }
  return { capacity, poaGlobal, cellTemperature: tCell, dc, vdc, energies: e };
}
