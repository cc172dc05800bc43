// The efficiency curves of a library inverter that the equipment library shows (spec 001 §3 "efficiency
// and power at Vmin, Vnom and Vmax"): one curve of efficiency against DC input power per DC voltage of
// the entry (PVsyst .OND profiles), computed with the simulation's efficiency-curve model
// (efficiencyCurveAc, src/physics/inverter.ts: linear in power between the points, falling linearly to 0
// at the start-up power, held above the last point); or, for an entry without curves, its peak,
// European and CEC efficiencies as flat lines over its DC power range.
import { inverterObjectSchema, type Inverter } from '../../model/equipment-inverter.ts';
import { efficiencyCurveAc, type EfficiencyCurveInverterParameters } from '../../physics/inverter.ts';

/** Samples per curve between the start-up power and the last point (the points themselves added). */
export const EFFICIENCY_SAMPLES = 60;

/** One point of a displayed efficiency curve. */
export interface EfficiencyPlotPoint {
  /** DC input power [W]. */
  dcPower: number;
  /** Conversion efficiency [%]. */
  efficiency: number;
}

/** One displayed line. */
export interface EfficiencySeries {
  /** 'curve': a measured curve at `dcVoltage`; otherwise a flat datasheet value. */
  kind: 'curve' | 'max' | 'euro' | 'cec';
  /** DC voltage of a curve [V]; null for a flat line. */
  dcVoltage: number | null;
  points: EfficiencyPlotPoint[];
}

/** What the efficiency chart of an inverter shows. */
export interface InverterEfficiencyPlot {
  /** 'curves': the entry's curves; 'flat': its datasheet efficiencies (no curve in the entry). */
  mode: 'curves' | 'flat';
  series: EfficiencySeries[];
  /** Upper end of the power axis [W]. */
  maxPower: number;
}

type InverterFields = Pick<Inverter, 'efficiencyCurves' | 'hasEfficiencyCurve' | 'maxEfficiency' | 'euroEfficiency' | 'cecEfficiency' | 'startupPower' | 'maxDcPower' | 'ratedAcPower' | 'maxAcPower'>;

/**
 * The efficiency chart's data of an inverter.
 * @param v the inverter (validated by inverterSchema)
 * @param samples samples per curve [-]
 */
export function inverterEfficiencyPlot(v: InverterFields, samples: number = EFFICIENCY_SAMPLES): InverterEfficiencyPlot {
  const curves = [...(v.efficiencyCurves ?? [])].sort((a, b) => a.dcVoltage - b.dcVoltage);
  const threshold = v.startupPower ?? 0;
  const pacMax = Math.max(v.maxAcPower ?? 0, v.ratedAcPower);
  if (curves.length > 0) {
    const series = curves.map((c): EfficiencySeries => {
      // each curve alone, evaluated at its own voltage: exactly the profile the simulation uses there
      const params: EfficiencyCurveInverterParameters = {
        curves: [{ voltage: c.dcVoltage, pdc: c.points.map((p) => p.dcPower), efficiency: c.points.map((p) => p.efficiency / 100) }],
        pacMax,
        pdcThreshold: threshold,
      };
      const last = c.points[c.points.length - 1].dcPower;
      const powers = new Set<number>(c.points.map((p) => p.dcPower).filter((p) => p > threshold));
      for (let k = 1; k <= samples; k++) powers.add(threshold + ((last - threshold) * k) / samples);
      const points = [...powers]
        .sort((a, b) => a - b)
        .map((dcPower) => ({ dcPower, efficiency: (efficiencyCurveAc(c.dcVoltage, dcPower, params, false) / dcPower) * 100 }));
      return { kind: 'curve', dcVoltage: c.dcVoltage, points: [{ dcPower: threshold, efficiency: 0 }, ...points] };
    });
    const maxPower = Math.max(...curves.map((c) => c.points[c.points.length - 1].dcPower));
    return { mode: 'curves', series, maxPower };
  }
  const maxPower = v.maxDcPower ?? v.ratedAcPower / (v.maxEfficiency / 100 || 1);
  const flat = (kind: EfficiencySeries['kind'], efficiency: number): EfficiencySeries => ({
    kind,
    dcVoltage: null,
    points: [
      { dcPower: 0, efficiency },
      { dcPower: maxPower, efficiency },
    ],
  });
  const series = [flat('max', v.maxEfficiency)];
  if (v.euroEfficiency !== undefined) series.push(flat('euro', v.euroEfficiency));
  if (v.cecEfficiency !== undefined) series.push(flat('cec', v.cecEfficiency));
  return { mode: 'flat', series, maxPower };
}

/** The fields the chart needs, with the inverter form's rules for each. */
const plotFieldsSchema = inverterObjectSchema.pick({
  efficiencyCurves: true,
  hasEfficiencyCurve: true,
  maxEfficiency: true,
  euroEfficiency: true,
  cecEfficiency: true,
  startupPower: true,
  maxDcPower: true,
  ratedAcPower: true,
  maxAcPower: true,
});

/**
 * The chart's input from an inverter's values as a form holds them (possibly incomplete), or null
 * while a field it needs is missing or invalid.
 * @param values the form's values (cleaned of empty inputs)
 */
export function plotInputOf(values: unknown): InverterFields | null {
  const r = plotFieldsSchema.safeParse(values);
  return r.success ? r.data : null;
}
