// One array's module as the electrical chain (chain-electrical.ts) asks for it within a weather step:
// its bypass substring at an irradiance (mismatch/substring.ts) and a whole module's maximum power at an
// irradiance, both at the step's cell temperature and cached per step by irradiance — the modules of
// a shaded row mostly share a few irradiance levels, so each level is solved once per step.
// PVWatts modules (no I–V curve) give only the power: P = E/1000 · Pdc0 · (1 + γ·(T − 25)).
import type { SimulateModule } from '../model/simulate.ts';
import { moduleRecombination } from './chain-array.ts';
import { pvwattsDc } from './module.ts';
import { substringOf, type Substring } from './mismatch/substring.ts';
import { calcparamsCec, calcparamsDesoto, calcparamsPvsyst, type SingleDiodeParameters } from './single-diode-params.ts';
import { maxPowerPoint, type Recombination } from './single-diode.ts';

/** Lowest irradiance a substring is solved at [W m⁻²]: a substring with no light at all (no diffuse
 * either) is taken at this level, which keeps its shunt resistance finite (De Soto's R_sh ∝ 1/E). */
export const DARK_IRRADIANCE = 1e-3;

/** A module model with the caches of the current step. */
export interface ModuleAtStep {
  readonly module: SimulateModule;
  readonly pvwatts: boolean;
  readonly bypassDiodes: number;
  readonly diodeDrop: number;
  readonly recombination: Recombination | undefined;
  /** The step's cell temperature [°C]. */
  tCell: number;
  /** The step the caches belong to. */
  step: number;
  substrings: Map<number, Substring>;
  power: Map<number, number>;
}

/**
 * A module model for the electrical chain.
 * @param module the array's module
 * @param bypassDiodes substrings per module [—]
 * @param diodeDrop bypass diode forward drop [V]
 */
export function moduleAtStep(module: SimulateModule, bypassDiodes: number, diodeDrop: number): ModuleAtStep {
  return {
    module,
    pvwatts: module.model === 'pvwatts',
    bypassDiodes,
    diodeDrop,
    recombination: module.model === 'singleDiode' ? moduleRecombination(module) : undefined,
    tCell: Number.NaN,
    step: -1,
    substrings: new Map(),
    power: new Map(),
  };
}

/**
 * Moves the model to a step (its caches are emptied on first use).
 * @param m the model
 * @param step the weather step
 * @param tCell the step's cell temperature [°C]
 */
export function atStep(m: ModuleAtStep, step: number, tCell: number): void {
  if (m.step === step) return;
  m.step = step;
  m.tCell = tCell;
  if (m.substrings.size > 0) m.substrings.clear();
  if (m.power.size > 0) m.power.clear();
}

/** The module's five single-diode values at an irradiance [W m⁻²] and the step's temperature. */
function parametersAt(m: ModuleAtStep, g: number): SingleDiodeParameters {
  const module = m.module;
  if (module.model !== 'singleDiode') throw new Error('a PVWatts module has no I–V curve');
  if (module.parameterSet === 'pvsyst') return calcparamsPvsyst(g, m.tCell, module);
  return module.parameterSet === 'cec' ? calcparamsCec(g, m.tCell, module) : calcparamsDesoto(g, m.tCell, module);
}

/**
 * The module's bypass substring at an effective irradiance, at the step's temperature.
 * @param m the model (single-diode)
 * @param g effective irradiance on the substring's cells [W m⁻²]
 */
export function substringAt(m: ModuleAtStep, g: number): Substring {
  let s = m.substrings.get(g);
  if (s === undefined) {
    s = substringOf(parametersAt(m, Math.max(g, DARK_IRRADIANCE)), m.bypassDiodes, m.diodeDrop, m.recombination);
    m.substrings.set(g, s);
  }
  return s;
}

/**
 * A whole module's maximum power at a uniform effective irradiance, at the step's temperature [W].
 * @param m the model
 * @param g effective irradiance [W m⁻²]
 */
export function modulePowerAt(m: ModuleAtStep, g: number): number {
  if (!(g > 0)) return 0;
  const module = m.module;
  if (module.model === 'pvwatts') return pvwattsDc(g, m.tCell, module.pdc0, module.gammaPdc);
  let p = m.power.get(g);
  if (p === undefined) {
    const q = parametersAt(m, g);
    p = maxPowerPoint(q.photocurrent, q.saturationCurrent, q.resistanceSeries, q.resistanceShunt, q.nNsVth, m.recombination?.d2mutau, m.recombination?.nsVbi).pmp;
    m.power.set(g, p);
  }
  return p;
}
