// The expected energy of an O&M plant, hour by hour, from its bound design (issue 21 §4: "the design
// model is the plant's expected-yield baseline"):
// - with a plane-of-array sensor: the design's DC capacity on the measured irradiance and module
//   temperature (PVWatts DC model, Dobos 2014, NREL/TP-6A20-62641 eq. 1:
//   P_dc = P0 · G_poa/1000 · (1 + γ (T_cell − 25))), times the design's own losses after the
//   irradiance (its simulation's loss tree: shading, IAM, soiling, mismatch, LID, wiring, inverter,
//   clipping, availability — every line but the far horizon, which the sensor sees too, and the
//   irradiance-and-temperature line, worked out here from the measurements). Without a kept
//   simulation the losses are PVWatts' default 14 % (Dobos 2014, Table 1). T_cell is the measured
//   module temperature, else Faiman's from the ambient (physics/temperature.ts), else 25 °C.
// - without a sensor: the design's kept hourly yield (the 'simulation' document's pvHourly, 8760
//   local hours of a non-leap year) for the same local hour, scaled by P0 / the design's capacity.
import type { KeptSimulation } from '../../model/api/electrical.ts';

/** PVWatts v5 default system losses (Dobos 2014, Table 1: 14.08 % rounded). */
export const PVWATTS_DEFAULT_LOSS = 0.14;

/** Loss-tree lines the measured irradiance does not already hold (see the header). */
const EXCLUDED_LOSSES = new Set(['horizon', 'irradianceAndTemperature']);

/** The design's losses after the irradiance as a factor (1 − Σ their shares of the nominal energy). */
export function designLossFactor(kept: Pick<KeptSimulation, 'losses'> | null): number {
  if (!kept) return 1 - PVWATTS_DEFAULT_LOSS;
  let share = 0;
  for (const l of kept.losses) if (!EXCLUDED_LOSSES.has(l.name)) share += l.percent / 100;
  return Math.min(1, Math.max(0, 1 - share));
}

/**
 * Expected AC energy of one hour on the measured irradiance [kWh].
 * @param poaWm2 mean plane-of-array irradiance [W m⁻²]
 * @param cellTempC cell temperature [°C] (25 when unknown)
 * @param capacityKwp P0 [kWp]
 * @param gammaPerC γ of Pmax [1/°C]
 * @param lossFactor designLossFactor()
 * @param hours the span [h] (1)
 */
export function expectedFromIrradiance(poaWm2: number, cellTempC: number, capacityKwp: number, gammaPerC: number, lossFactor: number, hours = 1): number {
  if (poaWm2 <= 0) return 0;
  return capacityKwp * (poaWm2 / 1000) * (1 + gammaPerC * (cellTempC - 25)) * lossFactor * hours;
}

const DAYS_BEFORE_MONTH = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];

/** Index (0–8759) of the local hour of a non-leap year holding the UTC instant; 29 February takes the 28th. */
export function localHourIndex(utc: Date, utcOffsetHours: number): number {
  const local = new Date(utc.getTime() + utcOffsetHours * 3_600_000);
  const month = local.getUTCMonth();
  let day = local.getUTCDate();
  if (month === 1 && day === 29) day = 28;
  return (DAYS_BEFORE_MONTH[month] + day - 1) * 24 + local.getUTCHours();
}

/** The design's kept energy of the hour starting at `utc` [kWh], scaled to P0. */
export function expectedFromDesignHour(kept: Pick<KeptSimulation, 'pvHourly' | 'annual'>, utc: Date, capacityKwp: number): number {
  const i = localHourIndex(utc, kept.pvHourly.utcOffset);
  const scale = kept.annual.capacityKwp > 0 ? capacityKwp / kept.annual.capacityKwp : 1;
  return (kept.pvHourly.kwh[i] ?? 0) * scale;
}
