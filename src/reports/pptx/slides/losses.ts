// The loss diagram slide: the PVsyst-style lines from the nominal energy down to the AC energy as a
// table (energy and share of the nominal) beside a native horizontal bar chart of the shares.
import type PptxGenJS from 'pptxgenjs';
import { contentSlide, note, type Deck } from '../deck.ts';
import { num } from '../format.ts';
import { TEXT_COLOUR } from '../theme.ts';

export function lossSlide(deck: Deck): void {
  const { input, labels: l, theme, pptx } = deck;
  const e = input.model.energy;
  const slide = contentSlide(deck, l.figure.lossDiagram);
  if (!e) {
    note(deck, slide, l.text.noEnergy, { x: 0.5, y: 1.2, w: 9, h: 0.6 });
    return;
  }
  const cell = (text: string, bold = false, align: 'left' | 'right' = 'left'): PptxGenJS.TableCell => ({ text, options: { fontFace: theme.font, fontSize: 9, color: TEXT_COLOUR, bold, align } });
  const head = (text: string, align: 'left' | 'right' = 'left'): PptxGenJS.TableCell => ({ text, options: { fontFace: theme.font, fontSize: 9, color: 'FFFFFF', bold: true, fill: { color: theme.accent }, align } });
  const rows: PptxGenJS.TableRow[] = [
    [head(''), head('kWh', 'right'), head('%', 'right')],
    [cell(l.field.nominal, true), cell(num(e.nominalKwh, 0), true, 'right'), cell('100.0', true, 'right')],
    ...e.losses.map((x) => [cell(l.loss[x.name]), cell(`−${num(x.kwh, 0)}`, false, 'right'), cell(`−${num(x.percent, 1)}`, false, 'right')]),
    [cell(l.field.annualEnergy, true), cell(num(e.acKwh, 0), true, 'right'), cell(num((e.acKwh / e.nominalKwh) * 100, 1), true, 'right')],
  ];
  const rowH = Math.min(0.26, 3.9 / rows.length);
  slide.addTable(rows, { x: 0.5, y: 1.05, w: 4.2, colW: [2.4, 1.0, 0.8], rowH, margin: 0.03, border: { type: 'solid', pt: 0.5, color: 'E0E6E4' } });
  if (!e.losses.length) return;
  // A horizontal bar chart draws its first category at the bottom: reversed, the first loss is on top.
  const lines = [...e.losses].reverse();
  slide.addChart(pptx.ChartType.bar, [{ name: '%', labels: lines.map((x) => l.loss[x.name]), values: lines.map((x) => x.percent) }], {
    x: 4.9,
    y: 1.0,
    w: 4.7,
    h: 3.9,
    barDir: 'bar',
    chartColors: ['C62828'],
    catAxisLabelFontFace: theme.font,
    catAxisLabelFontSize: 8,
    valAxisLabelFontFace: theme.font,
    valAxisLabelFontSize: 8,
    valAxisLabelFormatCode: '0.0',
    showValue: true,
    dataLabelFormatCode: '0.0',
    dataLabelFontSize: 8,
    showLegend: false,
  });
}
