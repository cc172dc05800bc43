// The layout slide: the simplified plan (plan-shapes.ts), the inverters and the grid point with
// their names, a scale bar and the note on what the colours mean.
import type { Deck } from '../deck.ts';
import { contentSlide } from '../deck.ts';
import { CUSTOM_GEOMETRY, planFrame, planShapes } from '../plan-shapes.ts';
import { MUTED_COLOUR, TEXT_COLOUR } from '../theme.ts';

const PLAN_BOX = { x: 0.5, y: 1.0, w: 9, h: 3.7 };

/** A round scale-bar length [m] about a fifth of the plan's width. */
export function scaleBarMetres(widthM: number): number {
  const target = widthM / 5;
  const p = 10 ** Math.floor(Math.log10(Math.max(target, 1e-3)));
  return [1, 2, 5, 10].map((k) => k * p).filter((v) => v <= target).pop() ?? p;
}

export function layoutSlide(deck: Deck): void {
  const { input, labels: l, theme, pptx } = deck;
  const g = input.model.geometry;
  const slide = contentSlide(deck, l.figure.layout);
  const frame = planFrame(g.bounds, PLAN_BOX);
  for (const shape of planShapes(g, frame)) slide.addShape(CUSTOM_GEOMETRY, shape);
  const text = { fontFace: theme.font, fontSize: 8, color: TEXT_COLOUR } as const;
  for (const inv of g.inverters.slice(0, 30)) {
    if (!inv.position) continue;
    const [x, y] = frame.at(inv.position);
    slide.addShape(pptx.ShapeType.rect, { x: x - 0.06, y: y - 0.04, w: 0.12, h: 0.08, fill: { color: '6A1B9A' }, line: { color: '6A1B9A' } });
    slide.addText(inv.name, { x: x + 0.08, y: y - 0.12, w: 1.6, h: 0.24, ...text });
  }
  if (g.gridPoint) {
    const [x, y] = frame.at(g.gridPoint);
    slide.addShape(pptx.ShapeType.ellipse, { x: x - 0.06, y: y - 0.06, w: 0.12, h: 0.12, fill: { color: 'C62828' }, line: { color: 'C62828' } });
    slide.addText(l.field.grid, { x: x + 0.08, y: y - 0.12, w: 1.2, h: 0.24, ...text });
  }
  const bar = scaleBarMetres(g.bounds.maxX - g.bounds.minX);
  const barIn = bar * frame.scale;
  slide.addShape(pptx.ShapeType.line, { x: 0.5, y: 4.85, w: barIn, h: 0, line: { color: TEXT_COLOUR, width: 1.5 } });
  slide.addText(`${bar} m`, { x: 0.5 + barIn + 0.05, y: 4.73, w: 1, h: 0.24, ...text });
  slide.addText(`${l.field.north} ↑`, { x: 9.0, y: 1.0, w: 0.5, h: 0.3, ...text, fontSize: 10, bold: true, align: 'right' });
  slide.addText(l.text.layoutNote, { x: 2.5, y: 4.73, w: 7, h: 0.24, ...text, color: MUTED_COLOUR, align: 'right' });
}
