// Standard conductor cross-sections, their current-carrying capacities and the IEC 60228 maximum
// resistances shown beside the computed ones (docs/ELECTRICAL.md, "Cables").
//
// Sources:
// - Sections: IEC 60228:2004 "Conductors of insulated cables" (GB/T 3956-2008 is identical), the
//   nominal cross-sectional areas 1.5 … 300 mm².
// - Ampacity: IEC 60364-5-52:2009 Annex B (GB/T 16895.6-2014 is identical), XLPE or EPR insulation
//   (conductor 90 °C, ambient air 30 °C), reference installation method C (cable clipped direct on a
//   wall), Table B.52.3 (two loaded conductors: DC and single-phase AC) and Table B.52.5 (three loaded
//   conductors: three-phase AC), columns "C" for copper and for aluminium. No correction for another
//   ambient temperature or for grouping is applied (Tables B.52.14 and B.52.17 give those factors).
//   XLPE is taken because PV DC cables (EN 50618 H1Z2Z2-K) and the usual LV power cables (YJV, YJLV)
//   are cross-linked. Aluminium starts at 16 mm²: smaller aluminium conductors are not offered.
// - Maximum DC resistance at 20 °C: IEC 60228:2004 Table 3 (class 5 flexible, plain annealed copper)
//   and Table 2 (class 2 stranded, aluminium).
import type { CableCircuit, CableMaterial } from '../model/electrical.ts';

/** Nominal cross-sections of IEC 60228 offered for sizing, smallest first [mm²]. */
export const STANDARD_SECTIONS = [1.5, 2.5, 4, 6, 10, 16, 25, 35, 50, 70, 95, 120, 150, 185, 240, 300] as const;

/** The table the ampacities come from, as the product shows it. */
export const AMPACITY_SOURCE =
  'IEC 60364-5-52:2009 (GB/T 16895.6-2014) Tables B.52.3 / B.52.5, XLPE 90 °C, method C, ambient 30 °C';

/** Loaded conductors of a circuit: 2 for DC and single-phase AC, 3 for three-phase AC. */
export function loadedConductors(circuit: CableCircuit): 2 | 3 {
  return circuit === 'ac3' ? 3 : 2;
}

type Row = readonly (number | null)[];

/**
 * Current-carrying capacity [A] per STANDARD_SECTIONS entry (null: not tabulated), by material and
 * loaded conductors. Transcribed from the "C" columns of Tables B.52.3 and B.52.5.
 */
const AMPACITY: Record<CableMaterial, Record<2 | 3, Row>> = {
  copper: {
    //  1.5  2.5   4   6   10   16   25   35   50   70   95  120  150  185  240  300
    2: [24, 33, 45, 58, 80, 107, 138, 171, 209, 269, 328, 382, 441, 506, 599, 693],
    3: [22, 30, 40, 52, 71, 96, 119, 147, 179, 229, 278, 322, 371, 424, 500, 576],
  },
  aluminium: {
    2: [null, null, null, null, null, 84, 101, 126, 154, 198, 241, 280, 324, 371, 439, 508],
    3: [null, null, null, null, null, 76, 90, 112, 136, 174, 211, 245, 283, 323, 382, 440],
  },
};

/** IEC 60228 maximum DC resistance at 20 °C [Ω/km] per STANDARD_SECTIONS entry. */
const IEC60228_MAX_R20: Record<CableMaterial, Row> = {
  // Class 5 (flexible), plain copper — PV string cable and flexible cords.
  copper: [13.3, 7.98, 4.95, 3.3, 1.91, 1.21, 0.78, 0.554, 0.386, 0.272, 0.206, 0.161, 0.129, 0.106, 0.0801, 0.0641],
  // Class 2 (stranded), aluminium or aluminium alloy.
  aluminium: [null, null, null, null, 3.08, 1.91, 1.2, 0.868, 0.641, 0.443, 0.32, 0.253, 0.206, 0.164, 0.125, 0.1],
};

function indexOfSection(section: number): number {
  return STANDARD_SECTIONS.findIndex((s) => s === section);
}

/**
 * Current-carrying capacity of a standard section [A] (AMPACITY_SOURCE), or null when the section is
 * not a standard one or not tabulated for the material.
 * @param material conductor material
 * @param section cross-section [mm²]
 * @param circuit 'dc' | 'ac1' (two loaded conductors) or 'ac3' (three)
 */
export function ampacity(material: CableMaterial, section: number, circuit: CableCircuit): number | null {
  const i = indexOfSection(section);
  return i < 0 ? null : AMPACITY[material][loadedConductors(circuit)][i];
}

/**
 * IEC 60228 maximum DC resistance at 20 °C [Ω/km] of a standard section (class 5 copper, class 2
 * aluminium), or null when not tabulated.
 */
export function iec60228MaxResistance(material: CableMaterial, section: number): number | null {
  const i = indexOfSection(section);
  return i < 0 ? null : IEC60228_MAX_R20[material][i];
}
