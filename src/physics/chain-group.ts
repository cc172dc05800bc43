// The per-step sums of the arrays of one inverter group (chain.ts): each array adds itself in as it
// finishes, in the order of the input — its DC, its plane-of-array irradiance and cell temperature
// weighted by its share of the capacity, and for the inverter's DC voltage the DC of the arrays with an
// MPP voltage and DC × voltage. The series only the answer's hourly block or a voltage-dependent inverter
// reads are kept only then. The fast path (chain-array-fast.ts) adds a PVWatts array inside its step loop
// with the same arithmetic as `addSeries`, in the same order, so the sums are the same to the bit.
import type { ArraySeries } from './chain-array.ts';

/** The group's sums per step. */
export interface GroupSums {
  /** Σ DC [W]. */
  dc: Float64Array;
  /** Σ weight × unshaded plane-of-array irradiance [W m⁻²]. */
  poa: Float64Array;
  /** Σ weight × cell temperature [°C]; only when the hourly series are asked for. */
  tCell: Float64Array | undefined;
  /** Σ DC of the arrays with a finite MPP voltage [W], and Σ DC × voltage [W V]; only for an inverter
   * model that depends on the DC voltage. */
  dcWithVoltage: Float64Array | undefined;
  dcTimesVoltage: Float64Array | undefined;
}

/**
 * Empty sums for n steps.
 * @param withTemperature keep the weighted cell temperature
 * @param withVoltage keep the voltage sums
 */
export function groupSums(n: number, withTemperature: boolean, withVoltage: boolean): GroupSums {
  return {
    dc: new Float64Array(n),
    poa: new Float64Array(n),
    tCell: withTemperature ? new Float64Array(n) : undefined,
    dcWithVoltage: withVoltage ? new Float64Array(n) : undefined,
    dcTimesVoltage: withVoltage ? new Float64Array(n) : undefined,
  };
}

/**
 * Adds one array's series into the group (DC and irradiance on the daylight steps, where they can be
 * other than 0; the cell temperature on every step).
 * @param day the steps with the Sun up, ascending
 * @param a the array's series
 * @param weight its share of the group's capacity [−]
 */
export function addSeries(day: Int32Array, a: ArraySeries, weight: number, group: GroupSums): void {
  const { dc, poa, tCell, dcWithVoltage, dcTimesVoltage } = group;
  for (let k = 0; k < day.length; k++) {
    const i = day[k];
    const p = a.dc[i];
    dc[i] += p;
    if (dcWithVoltage && dcTimesVoltage && p > 0 && Number.isFinite(a.vdc[i])) {
      dcWithVoltage[i] += p;
      dcTimesVoltage[i] += p * a.vdc[i];
    }
    poa[i] += a.poaGlobal[i] * weight;
  }
  if (tCell) for (let i = 0; i < tCell.length; i++) tCell[i] += a.cellTemperature[i] * weight;
}
