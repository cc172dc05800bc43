// A routed cable's section, drop, loss and ampacity (docs/ELECTRICAL.md "Cables", rules in
// src/electrical/cable.ts and cable-sections.ts): the automatic routing proposes the smallest standard
// section meeting the drop limit and carrying the design current; a saved cable document
// (updateCable) has its drop, loss and ampacity worked out again here from its material, section,
// length, current and voltage, whatever the client sent for them.
//
// Design values (documented choices): the conductor at 20 °C (the `cable` command's default, so each
// figure can be checked with `pvstudio cable`), cosφ = 1 and no reactance (inverters at unity power
// factor; with sinφ = 0 the reactance does not enter the drop). A section without a tabulated ampacity
// for its material counts as not carrying the current (ampacityOk false: it cannot be shown to).
import { cableDrop, smallestSection, type CircuitLoad } from './cable.ts';
import { STANDARD_SECTIONS } from './cable-sections.ts';
import type { CableDocument, CableMaterial, RoutedCable } from '../model/electrical-design.ts';

/** Conductor temperature of the drop and loss figures [°C]. */
export const CABLE_TEMPERATURE = 20;

/** What a cable's figures are computed from. */
export type CableLoad = Pick<RoutedCable, 'material' | 'crossSection' | 'length' | 'current' | 'voltage' | 'circuit'>;

/** The computed fields of a routed cable. */
export type CableFigures = Pick<RoutedCable, 'dropV' | 'dropPercent' | 'lossW' | 'ampacityOk'>;

function load(c: Omit<CableLoad, 'material' | 'crossSection'>): CircuitLoad {
  return { circuit: c.circuit, length: c.length, current: c.current, voltage: c.voltage, powerFactor: 1, reactance: 0 };
}

/** Drop [V, %], loss [W] at the design current and whether the section carries it. */
export function cableFigures(c: CableLoad): CableFigures {
  const out = cableDrop({ ...load(c), material: c.material, crossSection: c.crossSection, temperature: CABLE_TEMPERATURE });
  return { dropV: out.dropV, dropPercent: out.dropPercent, lossW: out.lossW, ampacityOk: out.ampacityOk === true };
}

/**
 * The smallest standard section [mm²] meeting the drop limit and carrying the current; the largest
 * standard section when none does (its figures then show the excess).
 */
export function proposeSection(material: CableMaterial, c: Omit<CableLoad, 'material' | 'crossSection'>, maxDropPercent: number): number {
  return smallestSection(material, load(c), maxDropPercent, CABLE_TEMPERATURE) ?? STANDARD_SECTIONS[STANDARD_SECTIONS.length - 1];
}

/** A cable with its figures worked out again from its material, section, length, current and voltage. */
export function withFigures<C extends CableLoad>(c: C): C & CableFigures {
  return { ...c, ...cableFigures(c) };
}

/** Totals of a cable document: DC (string and combiner cables) and AC one-way length [m] and loss at the design currents [W], the largest drop [%]. */
export interface CableTotals {
  readonly dcLengthM: number;
  readonly acLengthM: number;
  readonly dcLossW: number;
  readonly acLossW: number;
  readonly maxDropPercent: number;
}

export function cableTotals(doc: Pick<CableDocument, 'cables'>): CableTotals {
  let dcLengthM = 0;
  let acLengthM = 0;
  let dcLossW = 0;
  let acLossW = 0;
  let maxDropPercent = 0;
  for (const c of doc.cables) {
    if (c.kind === 'ac') {
      acLengthM += c.length;
      acLossW += c.lossW;
    } else {
      dcLengthM += c.length;
      dcLossW += c.lossW;
    }
    maxDropPercent = Math.max(maxDropPercent, c.dropPercent);
  }
  return { dcLengthM, acLengthM, dcLossW, acLossW, maxDropPercent };
}
