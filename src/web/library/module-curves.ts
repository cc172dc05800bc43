// The I–V and P–V curves of a library PV module that the equipment library shows (spec 001 §3
// "Simulation curves exist for custom libraries (IV/PV …)"): at 1000, 800, 600, 400 and 200 W/m²
// (25 °C) and at 25, 45 and 65 °C cell temperature (1000 W/m²). Computed in the browser from the
// module's one-diode model (physics/module-fit.ts) with the physics of the simulation: calcparamsPvsyst at
// each condition, ivCurve and singleDiodeOf (src/physics/single-diode.ts, pvlib `singlediode`).
import { pvModuleObjectSchema } from '../../model/equipment-module.ts';
import { calcparamsPvsyst } from '../../physics/single-diode-params.ts';
import { ivCurve, singleDiodeOf, type SingleDiodeResult } from '../../physics/single-diode.ts';
import { moduleModel, STC, type ModuleModel } from '../../physics/module-fit.ts';

/** Irradiances of the irradiance family [W m⁻²], at 25 °C. */
export const IRRADIANCE_STEPS = [1000, 800, 600, 400, 200] as const;
/** Cell temperatures of the temperature family [°C], at 1000 W m⁻². */
export const TEMPERATURE_STEPS = [25, 45, 65] as const;
/** Points per curve (voltages from 0 to Voc), the maximum power point added. */
export const CURVE_POINTS = 60;

/** One operating condition. */
export interface CurveCondition {
  /** Irradiance on the cells [W m⁻²]. */
  irradiance: number;
  /** Cell temperature [°C]. */
  temperature: number;
}

/** One I–V curve with its power and key points. */
export interface ModuleCurve extends SingleDiodeResult {
  condition: CurveCondition;
  /** Voltages, ascending from 0 to Voc [V]. */
  v: number[];
  /** Currents at those voltages [A]. */
  i: number[];
  /** Powers v·i [W]. */
  p: number[];
}

/** The two families of curves of a module. */
export interface ModuleCurveSet {
  model: ModuleModel;
  /** At IRRADIANCE_STEPS, 25 °C. */
  byIrradiance: ModuleCurve[];
  /** At TEMPERATURE_STEPS, 1000 W m⁻². */
  byTemperature: ModuleCurve[];
}

/**
 * The I–V curve of a module model at one condition, with the maximum power point inserted among the
 * sampled points (so that the P–V curve shows its true peak).
 * @param model the module's one-diode model
 * @param condition irradiance [W m⁻²] and cell temperature [°C]
 * @param points voltages sampled from 0 to Voc [-], ≥ 2
 */
export function moduleCurve(model: ModuleModel, condition: CurveCondition, points: number = CURVE_POINTS): ModuleCurve {
  const sd = calcparamsPvsyst(condition.irradiance, condition.temperature, model.params);
  const key = singleDiodeOf(sd, model.recombination);
  const curve = ivCurve(sd, points, model.recombination);
  const v = Array.from(curve.v);
  const i = Array.from(curve.i);
  if (key.pmp > 0) {
    const at = v.findIndex((x) => x >= key.vmp);
    if (at > 0 && v[at] !== key.vmp) {
      v.splice(at, 0, key.vmp);
      i.splice(at, 0, key.imp);
    }
  }
  return { ...key, condition, v, i, p: v.map((x, k) => x * i[k]) };
}

/**
 * Both families of curves of a library module.
 * @param m the module (validated by pvModuleSchema)
 * @param points voltages per curve [-]
 * @throws RangeError when the datasheet values admit no one-diode model (physics/module-fit.ts)
 */
export function moduleCurveSet(m: Parameters<typeof moduleModel>[0], points: number = CURVE_POINTS): ModuleCurveSet {
  const model = moduleModel(m);
  return {
    model,
    byIrradiance: IRRADIANCE_STEPS.map((irradiance) => moduleCurve(model, { irradiance, temperature: STC.temperature }, points)),
    byTemperature: TEMPERATURE_STEPS.map((temperature) => moduleCurve(model, { irradiance: STC.irradiance, temperature }, points)),
  };
}

/** The fields the curves need, with the module form's rules for each and Imp < Isc, Vmp < Voc. */
const curveFieldsSchema = pvModuleObjectSchema
  .pick({ isc: true, voc: true, imp: true, vmp: true, cellsInSeries: true, tempCoeffIsc: true, tempCoeffPmax: true, moduleType: true, singleDiode: true })
  .refine((m) => m.imp < m.isc && m.vmp < m.voc);

/**
 * The curves' input from a module's values as a form holds them (possibly incomplete), or null while a
 * field they need is missing or invalid.
 * @param values the form's values (cleaned of empty inputs)
 */
export function curveInputOf(values: unknown): Parameters<typeof moduleModel>[0] | null {
  const r = curveFieldsSchema.safeParse(values);
  return r.success ? r.data : null;
}
