// Which of the Electrical step's plan labels are shown when they would overlap: on a large roof seen
// whole, hundreds of string labels and a row of inverters fall on each other and none can be read.
// Labels are taken in priority order (equipment, then the selected string, then the strings by
// number) and one is shown only when its box is clear of every box shown before it; the hidden ones
// come back as the user zooms in. Boxes are estimated from the text (11 px font: the widest Latin and
// CJK glyphs) — a little generous, so shown labels never touch. A uniform grid of cells finds the
// boxes near a new one, so a few hundred labels cost well under a millisecond.

export interface LabelBox {
  /** Screen position of the box's top-left corner and its size [CSS px]. */
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Height of a label [CSS px] (16 px line, 1 px borders, 1 px of air). */
export const LABEL_HEIGHT_PX = 19;
/** Horizontal padding and borders of a label [CSS px]. */
const LABEL_PADDING_PX = 12;
/** Advance of a Latin character and of a CJK (or other wide) character at 11 px [CSS px]. */
const NARROW_PX = 6.6;
const WIDE_PX = 11.5;

/** Estimated width of a label showing `text` [CSS px]. */
export function labelWidth(text: string): number {
  let w = LABEL_PADDING_PX;
  for (const ch of text) w += (ch.codePointAt(0) ?? 0) > 0x2e7f ? WIDE_PX : NARROW_PX;
  return Math.ceil(w);
}

const CELL_PX = 64;

/** For boxes in priority order: whether each is shown (clear of every box shown before it). */
export function declutter(boxes: readonly LabelBox[]): boolean[] {
  const grid = new Map<string, number[]>();
  const cells = (b: LabelBox) => {
    const out: string[] = [];
    for (let i = Math.floor(b.x / CELL_PX); i <= Math.floor((b.x + b.w) / CELL_PX); i++) for (let j = Math.floor(b.y / CELL_PX); j <= Math.floor((b.y + b.h) / CELL_PX); j++) out.push(`${i},${j}`);
    return out;
  };
  const overlaps = (a: LabelBox, b: LabelBox) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
  return boxes.map((b, k) => {
    const near = cells(b);
    for (const c of near) for (const other of grid.get(c) ?? []) if (overlaps(b, boxes[other])) return false;
    for (const c of near) {
      const list = grid.get(c);
      if (list) list.push(k);
      else grid.set(c, [k]);
    }
    return true;
  });
}
