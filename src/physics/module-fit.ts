// The one-diode model of a library PV module, as the equipment library's curves use it: the entry's
// own PVsyst parameters (a .PAN import, or the custom form's ideality factor, Iph, I0, Rs, Rsh), or —
// for a datasheet-only entry — PVsyst's default parameters fitted to its STC values.
//
// The fit follows PVsyst's documented default procedure (PVsyst 7 help, "PV module – Rseries and
// Rshunt determination"; forum note "How to fix Rserie and Rshunt parameters", 2013):
//   - Rshunt(default) = Vmp / (0.2·(Isc − Imp));  Rshunt(0) = 4·Rshunt for crystalline modules and
//     12·Rshunt for thin film;  Rsh exponent 5.5;
//   - the curve passes through the three datasheet points (0, Isc), (Vmp, Imp), (Voc, 0) at STC: for
//     given Rs the ideality factor γ is the one that puts (Vmp, Imp) on the curve, I_L and I_0 follow
//     from Isc and Voc (pvsystReferenceCurrents, Sauer, Roessler & Hansen, IEEE JPV 5(1) 2015, eq. 1–2);
//   - Rserie is set so that the relative efficiency at 200 W/m² (25 °C) is −3 %, below the largest Rs
//     for which such a γ exists (PVsyst's RSerieMax);
//   - μγ (muGamma) is set so that the model's Pmax temperature coefficient at STC equals the
//     datasheet's (PVsyst's "muPmp required").
// The band gap stays at crystalline silicon's 1.121 eV for every technology (μγ absorbs the rest of the
// temperature behaviour). Operating conditions: calcparamsPvsyst (pvlib `calcparams_pvsyst`); the
// thin-film recombination term of an entry with d2mutau: moduleRecombination (chain-array.ts).
import { VBI_DEFAULT, RSH_EXP_DEFAULT, EG_REF_SILICON, type ModuleType, type PvModule } from '../model/equipment-module.ts';
import { moduleRecombination } from './chain-array.ts';
import { pvsystReferenceCurrents } from './pvsyst-pan.ts';
import { calcparamsPvsyst, type PvsystModuleParameters } from './single-diode-params.ts';
import { iFromV, maxPowerPoint, type Recombination } from './single-diode.ts';

/** Reference irradiance [W m⁻²] and cell temperature [°C] of the datasheet (STC). */
export const STC = { irradiance: 1000, temperature: 25 } as const;

/** PVsyst's default low-light condition: relative efficiency at 200 W m⁻², 25 °C [%]. */
export const DEFAULT_RELATIVE_EFFICIENCY_200 = -3;

/** Rshunt(0) / Rshunt of PVsyst's defaults: crystalline 4, thin film 12 [-]. */
export function rSh0Ratio(moduleType: ModuleType): number {
  return moduleType === 'mono' || moduleType === 'multi' ? 4 : 12;
}

/** The module's model for the curves. */
export interface ModuleModel {
  /** PVsyst reference parameters (pvlib `calcparams_pvsyst` inputs). */
  params: PvsystModuleParameters;
  /** The thin-film recombination term, for an entry with d2mutau > 0. */
  recombination?: Recombination;
  /** 'entry': the entry's own one-diode parameters; 'fitted': PVsyst's defaults fitted to the datasheet. */
  origin: 'entry' | 'fitted';
}

/** The datasheet values a model is built from. */
type Datasheet = Pick<PvModule, 'isc' | 'voc' | 'imp' | 'vmp' | 'cellsInSeries' | 'tempCoeffIsc' | 'tempCoeffPmax' | 'moduleType' | 'singleDiode'>;

/** The one-diode parameters a library entry carries (a .PAN import, or entered in the custom form). */
type EntrySingleDiode = NonNullable<PvModule['singleDiode']>;

/**
 * The PVsyst reference parameters of a library module with its own one-diode parameters
 * (alphaSc = tempCoeffIsc/100 · Isc; I_L and I_0 derived from Isc and Voc when not given, as PVsyst
 * does: pvsystReferenceCurrents). The one mapping of an entry to PVsyst parameters, for the curves
 * (moduleModel) and for `simulate` (server/electrical/simulate-models.ts).
 */
export function entryPvsystParameters(m: Pick<PvModule, 'isc' | 'voc' | 'cellsInSeries' | 'tempCoeffIsc'>, sd: EntrySingleDiode): PvsystModuleParameters {
  const ns = m.cellsInSeries;
  const currents =
    sd.iLRef !== undefined && sd.iORef !== undefined
      ? { iLRef: sd.iLRef, iORef: sd.iORef }
      : pvsystReferenceCurrents(m.isc, m.voc, sd.gammaRef, ns, sd.rS, sd.rShRef, STC.temperature, sd.d2mutau ?? 0, (sd.vbi ?? VBI_DEFAULT) * ns);
  return {
    alphaSc: (m.tempCoeffIsc / 100) * m.isc,
    gammaRef: sd.gammaRef,
    muGamma: sd.muGamma,
    ...currents,
    rShRef: sd.rShRef,
    rSh0: sd.rSh0,
    rS: sd.rS,
    cellsInSeries: ns,
    rShExp: sd.rShExp,
    egRef: sd.egRef,
  };
}

/**
 * The one-diode model of a library module: its own parameters when it has them (entryPvsystParameters),
 * else PVsyst's defaults fitted to its datasheet.
 * @param m the library entry (validated by pvModuleSchema)
 * @throws RangeError when the datasheet values admit no one-diode curve through its three points
 */
export function moduleModel(m: Datasheet): ModuleModel {
  const sd = m.singleDiode;
  if (sd) {
    const params = entryPvsystParameters(m, sd);
    const recombination = moduleRecombination({ model: 'singleDiode', parameterSet: 'pvsyst', cellsInSeries: m.cellsInSeries, d2mutau: sd.d2mutau, vbi: sd.vbi });
    return { params, recombination, origin: 'entry' };
  }
  const alphaSc = (m.tempCoeffIsc / 100) * m.isc; // [A °C⁻¹]
  return { params: fitPvsystDefaults(m, alphaSc), origin: 'fitted' };
}

/** Bounds of the ideality factor searched by the fit [-]. */
const GAMMA = { min: 0.5, max: 3 } as const;
const ITERATIONS = 80;

/** Bisection for the root of f on [lo, hi] given f(lo) and f(hi) of opposite signs. */
function bisect(f: (x: number) => number, lo: number, hi: number, fLo: number): number {
  let a = lo;
  let fa = fLo;
  let b = hi;
  for (let k = 0; k < ITERATIONS; k++) {
    const mid = 0.5 * (a + b);
    const fm = f(mid);
    if (fm === 0) return mid;
    if (Math.sign(fm) === Math.sign(fa)) {
      a = mid;
      fa = fm;
    } else b = mid;
    if (b - a <= 1e-14 * Math.max(1, Math.abs(b))) break;
  }
  return 0.5 * (a + b);
}

/**
 * PVsyst's default parameters for a datasheet (see the file header).
 * @param m STC datasheet values: isc [A], voc [V], imp [A], vmp [V], cellsInSeries, tempCoeffPmax [% °C⁻¹]
 * @param alphaSc temperature coefficient of Isc [A °C⁻¹]
 */
function fitPvsystDefaults(m: Datasheet, alphaSc: number): PvsystModuleParameters {
  const { isc, voc, imp, vmp, cellsInSeries: ns } = m;
  const rShRef = vmp / (0.2 * (isc - imp));
  const rSh0 = rSh0Ratio(m.moduleType) * rShRef;
  const base = { alphaSc, muGamma: 0, rShRef, rSh0, cellsInSeries: ns, rShExp: RSH_EXP_DEFAULT, egRef: EG_REF_SILICON };

  const at = (gamma: number, rS: number): PvsystModuleParameters => ({ ...base, gammaRef: gamma, rS, ...pvsystReferenceCurrents(isc, voc, gamma, ns, rS, rShRef) });
  // I(Vmp) − Imp at STC: decreasing in γ (a softer knee)
  const knee = (gamma: number, rS: number): number => {
    const p = calcparamsPvsyst(STC.irradiance, STC.temperature, at(gamma, rS));
    return iFromV(vmp, p.photocurrent, p.saturationCurrent, p.resistanceSeries, p.resistanceShunt, p.nNsVth) - imp;
  };
  /** γ putting (Vmp, Imp) on the curve for this Rs, or NaN when none lies in GAMMA. */
  const gammaFor = (rS: number): number => {
    const lo = knee(GAMMA.min, rS);
    if (!(lo >= 0)) return Number.NaN;
    const hi = knee(GAMMA.max, rS);
    if (hi >= 0) return GAMMA.max;
    return bisect((g) => knee(g, rS), GAMMA.min, GAMMA.max, lo);
  };
  if (Number.isNaN(gammaFor(0))) throw new RangeError('the datasheet values admit no one-diode curve through (0, Isc), (Vmp, Imp) and (Voc, 0)');

  // RSerieMax: the largest Rs with a γ ≥ GAMMA.min (the knee can no longer be reached beyond it)
  let rsOk = 0;
  let rsBad = (voc - vmp) / imp;
  for (let k = 0; k < ITERATIONS && rsBad - rsOk > 1e-9 * rsBad; k++) {
    const mid = 0.5 * (rsOk + rsBad);
    if (Number.isNaN(gammaFor(mid))) rsBad = mid;
    else rsOk = mid;
  }
  const rsMax = rsOk;

  // Rs for −3 % relative efficiency at 200 W/m² (increasing in Rs)
  const relative200 = (rS: number): number => {
    const p = at(gammaFor(rS), rS);
    const stc = mpp(p, STC.irradiance, STC.temperature);
    const low = mpp(p, 200, STC.temperature);
    return ((low / 200) / (stc / STC.irradiance) - 1) * 100 - DEFAULT_RELATIVE_EFFICIENCY_200;
  };
  let rS: number;
  const r0 = relative200(0);
  if (r0 >= 0) rS = 0;
  else if (relative200(rsMax) <= 0) rS = rsMax;
  else rS = bisect(relative200, 0, rsMax, r0);
  const fitted = at(gammaFor(rS), rS);

  // μγ for the datasheet's Pmax temperature coefficient (central difference over ±1 K at STC)
  const pmpCoefficient = (muGamma: number): number => {
    const p = { ...fitted, muGamma };
    const up = mpp(p, STC.irradiance, STC.temperature + 1);
    const down = mpp(p, STC.irradiance, STC.temperature - 1);
    return ((up - down) / 2 / mpp(p, STC.irradiance, STC.temperature)) * 100 - m.tempCoeffPmax;
  };
  const MU = 0.01; // [K⁻¹] bounds of μγ searched
  const fLo = pmpCoefficient(-MU);
  const fHi = pmpCoefficient(MU);
  const muGamma = Math.sign(fLo) !== Math.sign(fHi) ? bisect(pmpCoefficient, -MU, MU, fLo) : Math.abs(fLo) < Math.abs(fHi) ? -MU : MU;
  return { ...fitted, muGamma };
}

/** Maximum power [W] of reference parameters at an irradiance [W m⁻²] and cell temperature [°C]. */
function mpp(p: PvsystModuleParameters, irradiance: number, temperature: number): number {
  const s = calcparamsPvsyst(irradiance, temperature, p);
  return maxPowerPoint(s.photocurrent, s.saturationCurrent, s.resistanceSeries, s.resistanceShunt, s.nNsVth).pmp;
}
