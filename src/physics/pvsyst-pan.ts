// PVsyst .PAN import: a `PVObject_=pvModule` file mapped to the library's PV module (model/equipment-module).
//
// Units of the file (PVsyst help "PV module – parameters"): PNom [W], Isc/Imp [A], Voc/Vmp [V],
// muISC [mA °C⁻¹], muVocSpec [mV °C⁻¹], muPmpReq [% °C⁻¹], Width/Height/Depth [m], Weight [kg],
// RSerie/RShunt/Rp_0 [Ω], Gamma [-], muGamma [K⁻¹], BifacialityFactor [-], LIDLoss [%], D2MuTau [V].
//
// Thin-film recombination (a-Si, CdTe): `D2MuTau` is PVsyst's d²/(μτ) of the recombination current
// I_L·d²/(μτ)/(N_s·V_bi − V_d) (PVsyst help "Thin film modules: recombination losses"; Mertens et al.,
// IEEE Trans. Electron Devices 45(2), 1998); the key name as read by the PAN readers of NREL SAM and
// pvlib users. PVsyst holds the built-in voltage V_bi constant at ≈ 0.9 V per junction, and no .PAN key
// for it is known to us: the module keeps `vbi` unset, which means 0.9 V per cell (pvlib VOLTAGE_BUILTIN).
//
// The photocurrent and saturation current at reference are not stored in a .PAN: PVsyst computes them
// from Isc and Voc once Rs, Rsh and Gamma are fixed (Mermoud & Lejeune, 25th EU PVSEC 2010; Sauer,
// Roessler & Hansen, IEEE JPV 5(1) 2015, eq. 1–2). `pvsystReferenceCurrents` does the same.
import { VBI_DEFAULT, pvModuleSchema, type ModuleType, type PvModule, type PvModuleIn } from '../model/equipment-module.ts';
import { BOLTZMANN, ELEMENTARY_CHARGE } from './single-diode-params.ts';
import { PvsystFileError, PvsystReader, parsePvsystText, schemaError, type PvsystInput } from './pvsyst-text.ts';

const COMMERCIAL = 'PVObject_Commercial';

/** PVsyst technology codes (`Technol=`) to the library's module types. */
export function moduleTypeOfTechnology(technol: string): ModuleType {
  const t = technol.toLowerCase();
  if (t.includes('cdte')) return 'cdte';
  if (t.includes('cis')) return 'cigs';
  if (t.includes('sipoly') || t.includes('simulti')) return 'multi';
  if (t.includes('simono') || t.includes('hit') || t.includes('hjt')) return 'mono';
  return 'thinFilm';
}

/**
 * Reference photocurrent and saturation current of the one-diode model from the datasheet Isc and Voc
 * at STC: with a = γ·Ns·k·T/q and the recombination factors k(V_d) = 1 − d2mutau/(nsVbi − V_d)
 * (1 without the term), the short-circuit and open-circuit equations
 *   Isc = IL·k(Isc·Rs) − I0·(exp(Isc·Rs/a) − 1) − Isc·Rs/Rsh,   0 = IL·k(Voc) − I0·(exp(Voc/a) − 1) − Voc/Rsh
 * are linear in IL and I0 (the first is pvlib's derivation of I_L_ref for the FS-495 in
 * tests/test_singlediode.py).
 * @param isc short-circuit current at STC [A]
 * @param voc open-circuit voltage at STC [V]
 * @param gamma diode ideality factor [-]
 * @param cellsInSeries cells in series [-]
 * @param rS series resistance [Ω]
 * @param rSh shunt resistance at 1000 W m⁻² [Ω]
 * @param tempRef cell temperature [°C], default 25
 * @param d2mutau thin-film recombination d²/(μτ) [V], default 0 (none)
 * @param nsVbi cells in series × built-in voltage [V], default +∞ (none)
 * @returns iLRef [A] and iORef [A]
 */
export function pvsystReferenceCurrents(
  isc: number,
  voc: number,
  gamma: number,
  cellsInSeries: number,
  rS: number,
  rSh: number,
  tempRef = 25,
  d2mutau = 0,
  nsVbi = Infinity,
): { iLRef: number; iORef: number } {
  const a = (gamma * cellsInSeries * BOLTZMANN * (tempRef + 273.15)) / ELEMENTARY_CHARGE;
  const on = d2mutau > 0 && nsVbi < Infinity;
  const kSc = on ? 1 - d2mutau / (nsVbi - isc * rS) : 1;
  const kOc = on ? 1 - d2mutau / (nsVbi - voc) : 1;
  const r = kSc / kOc;
  // I0 from the difference of the two equations; expm1 keeps precision for the small Isc·Rs/a term.
  // Without the term r = 1 and kOc = 1 exactly.
  const iORef = (isc * (1 + rS / rSh) - (r * voc) / rSh) / (r * Math.expm1(voc / a) - Math.expm1((isc * rS) / a));
  const iLRef = (iORef * Math.expm1(voc / a) + voc / rSh) / kOc;
  return { iLRef, iORef };
}

/** Options of the import. */
export interface PanImportOptions {
  /** The uploaded file's name, kept as the entry's datasheet reference. */
  fileName?: string;
}

/**
 * Reads a PVsyst .PAN file into a library PV module.
 * Mandatory: Manufacturer, Model (PVObject_Commercial), Technol, PNom, Isc, Voc, Imp, Vmp, NCelS,
 * muISC, muVocSpec, muPmpReq, Width, Height, and VMaxIEC (or VMaxUL / VMax).
 * @param input the file's text or bytes
 * @param options file name for the datasheet reference
 * @returns the module, validated by `pvModuleSchema`
 * @throws PvsystFileError NOT_TEXT / NOT_PVSYST (not a PVsyst text file), WRONG_OBJECT (an .OND or
 *   other object), MISSING_FIELDS (names them), INVALID_VALUES (values that fail the library rules)
 */
export function parsePan(input: PvsystInput, options: PanImportOptions = {}): PvModule {
  const root = parsePvsystText(input);
  if (root.type !== 'pvModule') {
    throw new PvsystFileError('WRONG_OBJECT', `Please select a standard PAN file: this file holds a "${root.type}", not a PV module (pvModule)`);
  }
  const r = new PvsystReader(root);
  const manufacturer = r.requireText(`${COMMERCIAL}.Manufacturer`);
  const model = r.requireText(`${COMMERCIAL}.Model`);
  const technol = r.requireText('Technol');
  const pmax = r.requireNumber('PNom');
  const isc = r.requireNumber('Isc');
  const voc = r.requireNumber('Voc');
  const imp = r.requireNumber('Imp');
  const vmp = r.requireNumber('Vmp');
  const cellsInSeries = r.requireNumber('NCelS');
  const muIsc = r.requireNumber('muISC');
  const muVoc = r.requireNumber('muVocSpec');
  const muPmp = r.requireNumber('muPmpReq');
  const widthM = r.requireNumber(`${COMMERCIAL}.Width`);
  const heightM = r.requireNumber(`${COMMERCIAL}.Height`);
  const vMax = r.number('VMaxIEC') ?? r.number('VMaxUL') ?? r.number('VMax');
  if (vMax === undefined && !r.invalid.some((p) => p.startsWith('VMax'))) r.missing.push('VMaxIEC');

  const depthM = r.number(`${COMMERCIAL}.Depth`);
  const weight = r.number(`${COMMERCIAL}.Weight`);
  const cellsInParallel = r.number('NCelP');
  const bypassDiodes = r.number('NDiode');
  const bifacialityFactor = r.number('BifacialityFactor');
  const lid = r.number('LIDLoss');
  const yearBeg = r.number(`${COMMERCIAL}.YearBeg`);
  const yearEnd = r.number(`${COMMERCIAL}.YearEnd`);
  const gamma = r.number('Gamma');
  const muGamma = r.number('muGamma');
  const rS = r.number('RSerie');
  const rShRef = r.number('RShunt');
  const rSh0 = r.number('Rp_0');
  const rShExp = r.number('Rp_Exp');
  const d2mutau = r.number('D2MuTau');
  const iamMode = r.text('PVObject_IAM.IAMMode');
  const iam = r.profile('PVObject_IAM.IAMProfile');
  r.assertComplete('.PAN');

  const entry: PvModuleIn = {
    manufacturer,
    model,
    moduleType: moduleTypeOfTechnology(technol),
    bifacial: bifacialityFactor !== undefined && bifacialityFactor > 0,
    bifaciality: bifacialityFactor !== undefined && bifacialityFactor > 0 ? round(bifacialityFactor * 100, 6) : undefined,
    pmax,
    length: round(heightM * 1000, 6),
    width: round(widthM * 1000, 6),
    thickness: depthM !== undefined && depthM > 0 ? round(depthM * 1000, 6) : undefined,
    weight: weight !== undefined && weight > 0 ? weight : undefined,
    cellsInSeries,
    cellsInParallel,
    bypassDiodes,
    maxSystemVoltage: vMax ?? Number.NaN, // defined: assertComplete would have thrown
    isc,
    imp,
    vmp,
    voc,
    // mA/°C → %/°C of Isc, mV/°C → %/°C of Voc
    tempCoeffIsc: muIsc / (10 * isc),
    tempCoeffVoc: muVoc / (10 * voc),
    tempCoeffPmax: muPmp,
    lidLoss: lid,
    marketEntryYear: yearBeg,
    marketExitYear: yearEnd,
    datasheet: {
      document: options.fileName ?? `${manufacturer} ${model} (PVsyst .PAN)`,
      version: [r.text('Version') && `PVsyst ${r.text('Version')}`, r.text(`${COMMERCIAL}.DataSource`)]
        .filter((s): s is string => typeof s === 'string' && s !== '')
        .join(', ') || undefined,
    },
  };
  if (gamma !== undefined && rS !== undefined && rShRef !== undefined) {
    entry.singleDiode = {
      gammaRef: gamma,
      muGamma: muGamma ?? 0,
      rS,
      rShRef,
      rSh0,
      rShExp,
      d2mutau,
      ...pvsystReferenceCurrents(isc, voc, gamma, cellsInSeries, rS, rShRef, 25, d2mutau ?? 0, VBI_DEFAULT * cellsInSeries),
    };
  }
  if (iam !== undefined && (iamMode === undefined || iamMode === 'UserProfile')) {
    entry.iamProfile = iam.map(([angle, modifier]) => ({ angle, modifier }));
  }
  const parsed = pvModuleSchema.safeParse(entry);
  if (!parsed.success) throw schemaError('.PAN', parsed.error.issues);
  return parsed.data;
}

/** Rounds away binary noise of unit conversions (1.303 m → 1303 mm). */
function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
