// The system slide: capacity, modules, inverters and strings, and the arrays' orientation.
import type PptxGenJS from 'pptxgenjs';
import { contentSlide, keyTable, type Deck } from '../deck.ts';
import { num } from '../format.ts';
import { MUTED_COLOUR, TEXT_COLOUR } from '../theme.ts';

export function systemSlide(deck: Deck): void {
  const { labels: l, input, theme } = deck;
  const s = input.model.system;
  const f = l.field;
  const slide = contentSlide(deck, l.section.system);
  const mps = s.modulesPerString ? (s.modulesPerString.min === s.modulesPerString.max ? `${s.modulesPerString.min}` : `${s.modulesPerString.min}–${s.modulesPerString.max}`) : f.notAvailable;
  keyTable(deck, slide, [
    [f.capacity, `${num(s.capacityKwp, 2)} kWp`],
    [f.acCapacity, `${num(s.acCapacityKw, 2)} kW`],
    [f.dcAcRatio, num(s.dcAcRatio, 2, f.notAvailable)],
    [f.moduleCount, num(s.modules, 0)],
    [f.module, s.module ? `${s.module.manufacturer} ${s.module.model} · ${num(s.module.powerW, 0)} W` : f.notAvailable],
    [f.inverters, s.inverters.map((i) => `${i.manufacturer} ${i.model} × ${i.count}`).join('\n') || f.notAvailable],
    [f.strings, num(s.strings, 0)],
    [f.modulesPerString, mps],
    [f.combiners, num(s.combiners, 0)],
  ], { x: 0.5, y: 1.1, w: 4.6 }, 11);
  const head = (t: string): PptxGenJS.TableCell => ({ text: t, options: { bold: true, color: 'FFFFFF', fill: { color: theme.accent }, fontFace: theme.font, fontSize: 10 } });
  const cell = (t: string): PptxGenJS.TableCell => ({ text: t, options: { color: TEXT_COLOUR, fontFace: theme.font, fontSize: 10 } });
  const rows: PptxGenJS.TableRow[] = [[head(f.array), head(f.tilt), head(f.azimuth), head(f.modules), head('kWp')]];
  for (const a of s.arrays.slice(0, 12)) rows.push([cell(a.id), cell(`${num(a.tilt, 1)}°`), cell(`${num(a.azimuth, 1)}°`), cell(num(a.modules, 0)), cell(num(a.kwp, 2))]);
  slide.addTable(rows, { x: 5.4, y: 1.1, w: 4.1, border: { type: 'solid', pt: 0.5, color: 'E0E6E4' }, rowH: 0.28, margin: 0.04 });
  if (s.arrays.length > 12) slide.addText(`+ ${s.arrays.length - 12}`, { x: 5.4, y: 4.8, w: 4.1, h: 0.3, fontFace: theme.font, fontSize: 10, color: MUTED_COLOUR });
}
