// The yield slide: the annual figures beside a native bar chart of the monthly AC energy (an editable
// PowerPoint chart, its data in the embedded workbook).
import { contentSlide, keyTable, note, type Deck } from '../deck.ts';
import { num, pct } from '../format.ts';
import { TEXT_COLOUR } from '../theme.ts';

export function energySlide(deck: Deck): void {
  const { input, labels: l, theme, pptx } = deck;
  const e = input.model.energy;
  const slide = contentSlide(deck, `${l.section.yield} · ${l.figure.monthlyEnergy}`);
  if (!e) {
    note(deck, slide, l.text.noEnergy, { x: 0.5, y: 1.2, w: 9, h: 0.6 });
    return;
  }
  keyTable(deck, slide, [
    [l.field.annualEnergy, `${num(e.acKwh, 0)} kWh`],
    [l.field.dcEnergy, `${num(e.dcKwh, 0)} kWh`],
    [l.field.specificYield, `${num(e.specificYield, 0)} kWh/kWp`],
    [l.field.performanceRatio, pct(e.performanceRatio, 1)],
    [l.field.poa, `${num(e.poaKwhM2, 0)} kWh/m²`],
    [l.field.shadingMethod, l.shadingMethod[e.shading]],
  ], { x: 0.5, y: 1.1, w: 3.4 }, 11);
  slide.addChart(pptx.ChartType.bar, [{ name: `${l.field.energy} [kWh]`, labels: [...l.monthsShort], values: e.monthly.map((m) => m.acKwh) }], {
    x: 4.1,
    y: 1.0,
    w: 5.5,
    h: 3.9,
    barDir: 'col',
    chartColors: [theme.accent],
    showTitle: true,
    title: `${l.figure.monthlyEnergy} [kWh]`,
    titleFontFace: theme.font,
    titleFontSize: 12,
    titleColor: TEXT_COLOUR,
    catAxisLabelFontFace: theme.font,
    catAxisLabelFontSize: 9,
    valAxisLabelFontFace: theme.font,
    valAxisLabelFontSize: 9,
    valAxisLabelFormatCode: '#,##0',
    valGridLine: { color: 'E0E6E4', size: 0.5 },
    showValue: false,
    showLegend: false,
  });
}
