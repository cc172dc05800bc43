// What every slide builder is given: the deck, the report input, the labels and the theme, and the
// helpers that put a titled content slide and a key-figure table on it.
import type PptxGenJS from 'pptxgenjs';
import type { ReportInput } from '../report-input.ts';
import type { ReportLabels } from '../labels/index.ts';
import { MASTER, TITLE_PLACEHOLDER } from './master.ts';
import { MUTED_COLOUR, TEXT_COLOUR, type DeckTheme } from './theme.ts';

export interface Deck {
  pptx: PptxGenJS;
  input: ReportInput;
  labels: ReportLabels;
  theme: DeckTheme;
}

/** A content slide with its title in the master's title bar. */
export function contentSlide(deck: Deck, title: string): PptxGenJS.Slide {
  const slide = deck.pptx.addSlide({ masterName: MASTER });
  slide.addText(title, { placeholder: TITLE_PLACEHOLDER });
  return slide;
}

/** A two-column table of label | value rows. */
export function keyTable(deck: Deck, slide: PptxGenJS.Slide, rows: [string, string][], box: { x: number; y: number; w: number; h?: number }, fontSize = 12): void {
  const { font } = deck.theme;
  const data: PptxGenJS.TableRow[] = rows.map(([k, v], i) => [
    { text: k, options: { fontFace: font, fontSize, color: MUTED_COLOUR, fill: { color: i % 2 ? 'FFFFFF' : 'F3F6F5' } } },
    { text: v, options: { fontFace: font, fontSize, color: TEXT_COLOUR, bold: true, fill: { color: i % 2 ? 'FFFFFF' : 'F3F6F5' } } },
  ]);
  slide.addTable(data, { x: box.x, y: box.y, w: box.w, colW: [box.w * 0.45, box.w * 0.55], border: { type: 'solid', pt: 0.5, color: 'E0E6E4' }, rowH: 0.3, margin: 0.05, valign: 'middle' });
}

/** A short note in muted text (a missing section's reason, a source). */
export function note(deck: Deck, slide: PptxGenJS.Slide, text: string, box: { x: number; y: number; w: number; h: number }): void {
  slide.addText(text, { ...box, fontFace: deck.theme.font, fontSize: 11, color: MUTED_COLOUR, italic: true, valign: 'top' });
}
