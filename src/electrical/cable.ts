// Cable resistance, voltage drop and loss, and the smallest standard section for a drop limit
// (docs/ELECTRICAL.md, "Cables").
//
// Sources: resistivity of annealed copper at 20 °C, 1/58 Ω·mm²/m = 0.017241 (IEC 60028, the
// International Annealed Copper Standard) with α20 = 0.00393 /°C; aluminium 0.028264 Ω·mm²/m with
// α20 = 0.00403 /°C (IEC 60889 hard-drawn aluminium, 61 % IACS); the voltage-drop formulas of
// IEC 60364-5-52:2009 Annex G (ΔU = b · (ρ·L/S · cosφ + λ·L · sinφ) · I, b = 2 single-phase and DC,
// b = 1 per phase of a three-phase circuit, i.e. √3 line to line). Ampacity: cable-sections.ts.
import type { CableCircuit, CableInputParsed, CableMaterial, CableOutput } from '../model/electrical.ts';
import { AMPACITY_SOURCE, STANDARD_SECTIONS, ampacity } from './cable-sections.ts';

/** Conductor constants: resistivity at 20 °C [Ω·mm²/m] and its temperature coefficient [/°C]. */
export const CONDUCTORS: Record<CableMaterial, { rho20: number; alpha20: number }> = {
  copper: { rho20: 0.017241, alpha20: 0.00393 },
  aluminium: { rho20: 0.028264, alpha20: 0.00403 },
};

/**
 * Resistance of a conductor per km at temperature t: R = 1000 · ρ20 / A · (1 + α · (t − 20)).
 * @param material conductor material
 * @param section cross-section [mm²]
 * @param t conductor temperature [°C]
 * @returns [Ω/km]
 */
export function resistancePerKm(material: CableMaterial, section: number, t = 20): number {
  const { rho20, alpha20 } = CONDUCTORS[material];
  return ((1000 * rho20) / section) * (1 + alpha20 * (t - 20));
}

/** Factor b of ΔU = b · L/1000 · I · (R·cosφ + X·sinφ): 2 for DC and ac1, √3 for ac3 (U line to line). */
export function dropFactor(circuit: CableCircuit): number {
  return circuit === 'ac3' ? Math.sqrt(3) : 2;
}

/** Conductors carrying the current, for the loss n · L/1000 · I² · R: 2 for DC and ac1, 3 for ac3. */
export function lossConductors(circuit: CableCircuit): number {
  return circuit === 'ac3' ? 3 : 2;
}

export interface CircuitLoad {
  circuit: CableCircuit;
  /** One-way length [m]. */
  length: number;
  /** [A] */
  current: number;
  /** [V], line to line for ac3. */
  voltage: number;
  /** cosφ [-] */
  powerFactor: number;
  /** [Ω/km] */
  reactance: number;
}

/**
 * Voltage drop [V] of a circuit with conductor resistance r [Ω/km]:
 * ΔU = b · L/1000 · I · (R·cosφ + X·sinφ).
 */
export function voltageDrop(load: CircuitLoad, r: number): number {
  const sin = Math.sqrt(Math.max(0, 1 - load.powerFactor ** 2));
  return dropFactor(load.circuit) * (load.length / 1000) * load.current * (r * load.powerFactor + load.reactance * sin);
}

/** Joule loss [W] of a circuit with conductor resistance r [Ω/km]: n · L/1000 · I² · R. */
export function jouleLoss(load: CircuitLoad, r: number): number {
  return lossConductors(load.circuit) * (load.length / 1000) * load.current ** 2 * r;
}

/** Active power carried [W]: U·I·cosφ (DC: U·I), √3·U·I·cosφ for ac3. */
export function transmittedPower(load: CircuitLoad): number {
  const p = load.voltage * load.current * load.powerFactor;
  return load.circuit === 'ac3' ? Math.sqrt(3) * p : p;
}

/**
 * Largest loop resistance [Ω] of a DC or single-phase circuit for a drop limit: ΔU/I with
 * ΔU = maxDropPercent/100 · U (Easy PV: 12 A at 157 V, 1 % → 0.1308 Ω).
 */
export function maxLoopResistance(current: number, voltage: number, maxDropPercent: number): number {
  return (maxDropPercent / 100) * voltage / current;
}

/**
 * The smallest standard section meeting the drop limit and whose tabulated ampacity carries the
 * current, or null when none does (sections without an ampacity for the material are skipped).
 */
export function smallestSection(
  material: CableMaterial,
  load: CircuitLoad,
  maxDropPercent: number,
  t = 20,
): number | null {
  for (const s of STANDARD_SECTIONS) {
    const iz = ampacity(material, s, load.circuit);
    if (iz === null || load.current > iz) continue;
    const dropPercent = (100 * voltageDrop(load, resistancePerKm(material, s, t))) / load.voltage;
    if (dropPercent <= maxDropPercent * (1 + 1e-12)) return s;
  }
  return null;
}

/** The `cable` command: resistance, drop, loss of the given cable; the smallest section for a limit. */
export function cableDrop(input: CableInputParsed): CableOutput {
  const load: CircuitLoad = input;
  const r = resistancePerKm(input.material, input.crossSection, input.temperature);
  const dropV = voltageDrop(load, r);
  const lossW = jouleLoss(load, r);
  const power = transmittedPower(load);
  const iz = ampacity(input.material, input.crossSection, input.circuit);
  const out: CableOutput = {
    resistanceOhmPerKm: r,
    dropV,
    dropPercent: (100 * dropV) / input.voltage,
    lossW,
    lossPercent: power > 0 ? (100 * lossW) / power : 0,
    ampacityA: iz,
    ampacityOk: iz === null ? null : input.current <= iz,
    ampacitySource: AMPACITY_SOURCE,
  };
  if (input.maxDropPercent !== undefined) out.smallestSection = smallestSection(input.material, load, input.maxDropPercent, input.temperature);
  return out;
}
