// The equipment of the Electrical step on the plan (DOM-free): the inverters, the combiner boxes and
// the grid point that stand somewhere (position not null), with the names the plan shows, and which
// of them lies under the pointer (within a radius given in pixels, so symbols are as easy to catch at
// any zoom).
import type { InverterConfigDocument } from '../../../model/electrical-design.ts';
import type { EquipmentRef } from './wiring.ts';

export interface EquipmentSymbol {
  readonly ref: EquipmentRef;
  /** "INV-1", "CB-2", or "grid" for the grid point (the UI translates it). */
  readonly name: string;
  /** [m] */
  readonly position: readonly [number, number];
}

/** Symbol size on screen [CSS px] (plan-strings.ts draws them this large). */
export const SYMBOL_PX = { inverter: 16, combiner: 12, grid: 16 } as const;
/** A press this close to a symbol's centre takes it [CSS px]. */
export const SYMBOL_HIT_PX = 12;

/** Every placed inverter, combiner box and the grid point, in drawing order (grid, combiners, inverters). */
export function equipmentSymbols(doc: Pick<InverterConfigDocument, 'inverters' | 'combiners' | 'gridPoint'>): EquipmentSymbol[] {
  const out: EquipmentSymbol[] = [];
  if (doc.gridPoint) out.push({ ref: { kind: 'grid' }, name: 'grid', position: doc.gridPoint });
  for (const c of doc.combiners) if (c.position) out.push({ ref: { kind: 'combiner', id: c.id }, name: c.name, position: c.position });
  for (const i of doc.inverters) if (i.position) out.push({ ref: { kind: 'inverter', id: i.id }, name: i.name, position: i.position });
  return out;
}

/** The symbol nearest to (x, y) [m] within SYMBOL_HIT_PX at `mPerPx` [m px⁻¹], the one drawn last winning ties; null: none. */
export function equipmentAt(doc: Pick<InverterConfigDocument, 'inverters' | 'combiners' | 'gridPoint'>, x: number, y: number, mPerPx: number): EquipmentSymbol | null {
  const r = SYMBOL_HIT_PX * mPerPx;
  let best: EquipmentSymbol | null = null;
  let bestD = Infinity;
  for (const s of equipmentSymbols(doc)) {
    const d = Math.hypot(s.position[0] - x, s.position[1] - y);
    if (d <= r && d <= bestD) {
      best = s;
      bestD = d;
    }
  }
  return best;
}
