// PV module of the equipment library: the custom module form (spec 001 §3 "Custom PV module"), the
// .PAN import and the system catalogue all produce this shape, and the physics reads it.
//
// Single-diode parameters follow the PVsyst model as pvlib implements it (`calcparams_pvsyst`):
// PVsyst 6 help "PV module – one-diode model"; Sauer, Roessler & Hansen, "Modeling the irradiance and
// temperature dependence of photovoltaic modules in PVsyst", IEEE JPV 5(1), 2015. Thin-film
// recombination (d2mutau, vbi): J. Mertens et al., IEEE Trans. Electron Devices 45(2), 1998, as PVsyst
// and pvlib (`bishop88` d2mutau, NsVbi = cellsInSeries·vbi) use it.
import { z } from 'zod';
import {
  EQUIPMENT_MESSAGES as M,
  NUMERIC_RANGE,
  checkMarketYears,
  count,
  positiveCount,
  datasheetSchema,
  isoDateField,
  numberField,
  percent,
  positiveQuantity,
  quantity,
  requiredText,
  tempCoefficient,
  yearField,
} from './equipment.ts';

/** Module technologies of the form (spec 001 §3): mono, multi, thin film, CdTe, CIGS. */
export const moduleTypes = ['mono', 'multi', 'thinFilm', 'cdte', 'cigs'] as const;
export type ModuleType = (typeof moduleTypes)[number];

/** Band gap of crystalline silicon at 25 °C used by PVsyst and pvlib [eV]. */
export const EG_REF_SILICON = 1.121;
/** PVsyst's default exponent of the shunt-resistance irradiance dependence [-]. */
export const RSH_EXP_DEFAULT = 5.5;
/** PVsyst's default ratio Rsh(G = 0) / Rsh(GRef) when a file gives no Rp_0 [-]. */
export const RSH0_RATIO_DEFAULT = 4;
/** Built-in voltage of one p-i-n junction (a-Si, CdTe) of PVsyst and pvlib (VOLTAGE_BUILTIN) [V]. */
export const VBI_DEFAULT = 0.9;

/**
 * Physical bounds of a module's size and efficiency (issue 19): a typo in mm (2.256 for 2256) or a
 * power from another product must not reach a layout or a simulation.
 */
export const MODULE_LIMITS = {
  /** Each side [mm]: from small 10 W panels (~300 mm) past the largest modules (~2,500 mm) and BIPV glass. */
  sideMm: { min: 100, max: 5_000 },
  /** STC efficiency Pmax / (area × 1000 W m⁻²) [%]: the best commercial modules reach ~24 %. */
  maxEfficiency: 30,
} as const;

/**
 * PVsyst one-diode parameters at reference conditions (1000 W m⁻², 25 °C). The spec form's ideality
 * factor, photocurrent (Iph), saturation current (I0), Rs and Rsh are gammaRef, iLRef, iORef, rS and
 * rShRef here (the names of src/physics/single-diode-params.ts).
 */
export const singleDiodeSchema = z
  .object({
    /** Diode ideality factor at reference [-] (PVsyst "Gamma"). */
    gammaRef: numberField().positive(M.positive).max(10, M.format),
    /** Temperature coefficient of the ideality factor [K⁻¹] (PVsyst "muGamma"). */
    muGamma: numberField().min(-1, M.format).max(1, M.format).default(0),
    /** Series resistance [Ω] (PVsyst "RSerie"). */
    rS: quantity(),
    /** Shunt resistance at reference irradiance [Ω] (PVsyst "RShunt"). */
    rShRef: positiveQuantity(),
    /** Shunt resistance at zero irradiance [Ω] (PVsyst "Rp_0"); default 4 × rShRef as in PVsyst. */
    rSh0: positiveQuantity().optional(),
    /** Exponent of the shunt-resistance dependence on irradiance [-] (PVsyst "Rp_Exp"). */
    rShExp: numberField().min(0, M.format).max(100, M.format).default(RSH_EXP_DEFAULT),
    /** Light-generated current at reference [A] (form "photocurrent (Iph)"); derivable from Isc, Voc. */
    iLRef: positiveQuantity().optional(),
    /** Diode saturation current at reference [A] (form "saturation current (I0)"); derivable. */
    iORef: numberField().positive(M.positive).max(1, M.format).optional(),
    /** Band gap at reference [eV]. */
    egRef: numberField().positive(M.positive).max(5, M.format).default(EG_REF_SILICON),
    /**
     * Thin-film (a-Si, CdTe) recombination d²/(μτ) [V] (PVsyst "D2MuTau"); unset or 0: no
     * recombination term. Must stay below cellsInSeries·vbi.
     */
    d2mutau: numberField().min(0, M.format).max(100, M.format).optional(),
    /** Built-in voltage of one cell's junctions [V] (0.9 per junction: 1.8 tandem); default 0.9. */
    vbi: numberField().positive(M.positive).max(10, M.format).optional(),
  })
  .transform((sd) => ({ ...sd, rSh0: sd.rSh0 ?? RSH0_RATIO_DEFAULT * sd.rShRef }));
export type SingleDiodeIn = z.input<typeof singleDiodeSchema>;
export type SingleDiode = z.output<typeof singleDiodeSchema>;

/** One point of an incidence-angle-modifier profile (PVsyst "IAMProfile"). */
export const iamPointSchema = z.object({
  /** Angle of incidence [°]. */
  angle: numberField().min(0, M.iamOrder).max(90, M.iamOrder),
  /** Transmission relative to normal incidence [-]. */
  modifier: numberField().min(0, M.format).max(1.5, M.format),
});
export type IamPoint = z.infer<typeof iamPointSchema>;

const iamProfileSchema = z
  .array(iamPointSchema)
  .min(2, M.format)
  .refine((pts) => pts.every((p, i) => i === 0 || p.angle > pts[i - 1].angle), M.iamOrder);

export const pvModuleObjectSchema = z.object({
  /** Manufacturer (English or Chinese name). */
  manufacturer: requiredText(M.manufacturerRequired),
  /** Model designation as printed on the datasheet. */
  model: requiredText(M.moduleModelRequired),
  /** Cell technology. */
  moduleType: z.enum(moduleTypes, { error: M.required }),
  /** Double-sided (bifacial) module. */
  bifacial: z.boolean().default(false),
  /** Bifaciality factor: rear-side / front-side efficiency [%]; required when bifacial. */
  bifaciality: percent().optional(),
  /** Building-integrated (BIPV) product. */
  bipv: z.boolean().default(false),
  /** Rated power at STC [W]. */
  pmax: positiveQuantity(M.modulePowerRequired),
  /** Module area [m²]; length × width when not given. */
  area: positiveQuantity().optional(),
  /** Module length (long side) [mm]. */
  length: positiveQuantity(),
  /** Module width (short side) [mm]. */
  width: positiveQuantity(),
  /** Frame/laminate thickness [mm]. */
  thickness: positiveQuantity().optional(),
  /** Mass [kg]. */
  weight: positiveQuantity().optional(),
  /** Module efficiency at STC [%]. */
  efficiency: percent().optional(),
  /** Cells in series [-] (half-cut cells: cells of one series string, e.g. 72 for a 144-cell module). */
  cellsInSeries: positiveCount(),
  /** Parallel cell strings [-] (2 for half-cut twin modules). */
  cellsInParallel: positiveCount().optional(),
  /** Bypass diodes [-]. */
  bypassDiodes: count().optional(),
  /** Maximum system voltage [V]. */
  maxSystemVoltage: positiveQuantity(),
  /** Short-circuit current at STC [A]. */
  isc: positiveQuantity(),
  /** Current at maximum power at STC [A]. */
  imp: positiveQuantity(),
  /** Voltage at maximum power at STC [V]. */
  vmp: positiveQuantity(),
  /** Open-circuit voltage at STC [V]. */
  voc: positiveQuantity(),
  /** Temperature coefficient of Isc [% °C⁻¹]. */
  tempCoeffIsc: tempCoefficient(),
  /** Temperature coefficient of Voc [% °C⁻¹]. */
  tempCoeffVoc: tempCoefficient(),
  /** Temperature coefficient of Pmax [% °C⁻¹]. */
  tempCoeffPmax: tempCoefficient(),
  /** Nominal operating cell temperature [°C]. */
  noct: numberField().min(0, M.range).max(100, M.format).optional(),
  /** One-diode model parameters, when known (PVsyst .PAN, or entered in the form). */
  singleDiode: singleDiodeSchema.optional(),
  /** Incidence-angle-modifier profile, when known (PVsyst .PAN "PVObject_IAM"). */
  iamProfile: iamProfileSchema.optional(),
  /** Light-induced degradation [%]. */
  lidLoss: percent().optional(),
  /** Power loss in the first year [%]. */
  degradationFirstYear: percent().optional(),
  /** Power loss per year after the first [% a⁻¹]. */
  degradationAnnual: percent().optional(),
  /** Period the degradation warranty covers [a]. */
  degradationYears: count().optional(),
  /** Manufacturing date `YYYY-MM-DD`. */
  manufacturingDate: isoDateField.optional(),
  /** Year the product entered the market. */
  marketEntryYear: yearField,
  /** Year the product left the market; later than the entry year. */
  marketExitYear: yearField,
  /** Where the values come from. */
  datasheet: datasheetSchema.optional(),
});

/** Cross-field rules of a module (spec 001 §5 plus the physical ones a datasheet always obeys). */
export function checkModule(m: z.output<typeof pvModuleObjectSchema>, ctx: z.RefinementCtx): void {
  checkMarketYears(m, ctx);
  const { min, max } = MODULE_LIMITS.sideMm;
  let sides = true;
  for (const side of ['length', 'width'] as const) {
    const v = m[side];
    if (v >= min && v <= max) continue;
    sides = false;
    // (outside the general range the range message says it already)
    if (v > 0 && v <= NUMERIC_RANGE.max) ctx.addIssue({ code: 'custom', message: M.moduleSide, path: [side] });
  }
  const efficiency = (area: number) => (m.pmax / (area * 1000)) * 100;
  if (sides && efficiency((m.length * m.width) / 1e6) > MODULE_LIMITS.maxEfficiency) ctx.addIssue({ code: 'custom', message: M.moduleEfficiency, path: ['pmax'] });
  else if (m.area !== undefined && efficiency(m.area) > MODULE_LIMITS.maxEfficiency) ctx.addIssue({ code: 'custom', message: M.moduleEfficiency, path: ['area'] });
  if (m.efficiency !== undefined && m.efficiency > MODULE_LIMITS.maxEfficiency) ctx.addIssue({ code: 'custom', message: M.moduleEfficiency, path: ['efficiency'] });
  if (m.vmp >= m.voc) ctx.addIssue({ code: 'custom', message: M.vmpBelowVoc, path: ['vmp'] });
  if (m.imp >= m.isc) ctx.addIssue({ code: 'custom', message: M.impBelowIsc, path: ['imp'] });
  if (Math.abs(m.vmp * m.imp - m.pmax) > 0.03 * m.pmax) {
    ctx.addIssue({ code: 'custom', message: M.powerMismatch, path: ['pmax'] });
  }
  if (m.bifacial && m.bifaciality === undefined) {
    ctx.addIssue({ code: 'custom', message: M.bifacialityRequired, path: ['bifaciality'] });
  }
  // the recombination current I_L·d2mutau/(Ns·Vbi − V_d) must stay below I_L (at V_d = 0)
  const sd = m.singleDiode;
  if (sd?.d2mutau !== undefined && sd.d2mutau >= (sd.vbi ?? VBI_DEFAULT) * m.cellsInSeries) {
    ctx.addIssue({ code: 'custom', message: M.format, path: ['singleDiode', 'd2mutau'] });
  }
}

/** A PV module with every rule of the custom module form. */
export const pvModuleSchema = pvModuleObjectSchema.superRefine(checkModule);
export type PvModuleIn = z.input<typeof pvModuleSchema>;
export type PvModule = z.output<typeof pvModuleSchema>;

/** Module area [m²]: the given area, else length × width. */
export function moduleArea(m: Pick<PvModule, 'area' | 'length' | 'width'>): number {
  return m.area ?? (m.length * m.width) / 1e6;
}

/** Module efficiency at STC [%]: the given efficiency, else Pmax / (area × 1000 W m⁻²). */
export function moduleEfficiency(m: Pick<PvModule, 'efficiency' | 'pmax' | 'area' | 'length' | 'width'>): number {
  return m.efficiency ?? (m.pmax / (moduleArea(m) * 1000)) * 100;
}
