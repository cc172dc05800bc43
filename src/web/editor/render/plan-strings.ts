// The Electrical step's layer of the plan (drawn over the modules, under the tool's overlay; the
// viewport's `annotations`): the routed cables (when there are any), each string as a coloured path
// through its modules in wiring order (a white casing under the colour so it reads over any module or
// roof colour; a square on its first module, discs on the others; the selected string wider), and the
// equipment as symbols — inverters as squares, combiner boxes as diamonds, the grid point as a ring.
// The names ("S1", "INV-1 · MPPT 2", "INV-1") are DOM labels over the plan (components/electrical/
// PlanLabels.tsx): the renderers draw no text.
import type { CableDocument, InverterConfigDocument, RoutedCable } from '../../../model/electrical-design.ts';
import type { LayoutDocument } from '../../../model/design.ts';
import { equipmentSymbols, SYMBOL_PX } from '../electrical/equipment.ts';
import { stringRgb } from '../electrical/string-colours.ts';
import { stringPaths } from '../electrical/string-paths.ts';
import { EMPTY_LAYER, hexRgba, LayerWriter, MARK_DIAMOND, MARK_DISC, MARK_RING, MARK_SQUARE, rgbRgba, type PlanLayer, type Rgba } from './plan-layers.ts';

/** Colours of the equipment and of the cables by kind. */
export const ELECTRICAL_COLOURS = {
  inverter: '#0f766e',
  combiner: '#d97706',
  grid: '#7c3aed',
  cable: { string: '#475569', combiner: '#b45309', ac: '#7c3aed' },
  casing: '#ffffff',
} as const;

/** Widths [CSS px]: string paths (plain, selected), their casing, cables. */
const WIDTH = { path: 2.5, selected: 4.5, casing: 2, cable: 2, acCable: 3 } as const;
/** Marks on the modules of a string [CSS px]. */
const MARK = { first: 9, module: 6 } as const;

export interface ElectricalLayerInput {
  readonly config: InverterConfigDocument | null;
  readonly layout: LayoutDocument;
  readonly cables: CableDocument | null;
  /** The selected string's id, or null. */
  readonly selected: string | null;
}

function writeCable(w: LayerWriter, c: RoutedCable): void {
  const colour = hexRgba(ELECTRICAL_COLOURS.cable[c.kind], c.ampacityOk ? 0.9 : 1);
  const width = c.kind === 'ac' ? WIDTH.acCable : WIDTH.cable;
  for (let i = 1; i < c.path.length; i++) w.segment(c.path[i - 1][0], c.path[i - 1][1], c.path[i][0], c.path[i][1], colour, width);
}

/** The Electrical step's layer for a configuration over its layout (EMPTY_LAYER when there is nothing to draw). */
export function buildElectricalLayer(input: ElectricalLayerInput): PlanLayer {
  const { config, layout, cables, selected } = input;
  if (!config && !cables) return EMPTY_LAYER;
  const w = new LayerWriter();
  for (const c of cables?.cables ?? []) writeCable(w, c);
  if (config) {
    const casing = hexRgba(ELECTRICAL_COLOURS.casing, 0.9);
    const paths = stringPaths(config, layout);
    // The selected string last: drawn over its neighbours.
    const ordered = [...paths.filter((p) => p.id !== selected), ...paths.filter((p) => p.id === selected)];
    for (const p of ordered) {
      const colour: Rgba = rgbRgba(stringRgb(p.number));
      const width = p.id === selected ? WIDTH.selected : WIDTH.path;
      for (let i = 1; i < p.points.length; i++) {
        const [a, b] = [p.points[i - 1], p.points[i]];
        w.segment(a[0], a[1], b[0], b[1], casing, width + 2 * WIDTH.casing);
      }
      for (let i = 1; i < p.points.length; i++) {
        const [a, b] = [p.points[i - 1], p.points[i]];
        w.segment(a[0], a[1], b[0], b[1], colour, width);
      }
      p.points.forEach((q, i) => w.mark(q[0], q[1], colour, i === 0 ? MARK.first : MARK.module, i === 0 ? MARK_SQUARE : MARK_DISC));
    }
    for (const s of equipmentSymbols(config)) {
      const [x, y] = s.position;
      if (s.ref.kind === 'inverter') w.mark(x, y, hexRgba(ELECTRICAL_COLOURS.inverter), SYMBOL_PX.inverter, MARK_SQUARE);
      else if (s.ref.kind === 'combiner') w.mark(x, y, hexRgba(ELECTRICAL_COLOURS.combiner), SYMBOL_PX.combiner, MARK_DIAMOND);
      else {
        w.mark(x, y, hexRgba(ELECTRICAL_COLOURS.grid), SYMBOL_PX.grid, MARK_RING);
        w.mark(x, y, hexRgba(ELECTRICAL_COLOURS.grid), SYMBOL_PX.grid / 3, MARK_DISC);
      }
    }
  }
  return w.finish();
}
