// The economics slide: investment, NPV, IRR, payback, LCOE and the CO₂ avoided beside a native
// column chart of the cumulative cash flow over the years.
import { contentSlide, keyTable, note, type Deck } from '../deck.ts';
import { num, pct } from '../format.ts';
import { TEXT_COLOUR } from '../theme.ts';

export function economicsSlide(deck: Deck): void {
  const { input, labels: l, theme, pptx } = deck;
  const x = input.model.economics;
  const co2 = input.model.co2;
  const f = l.field;
  const slide = contentSlide(deck, `${l.section.economics} · ${l.section.co2}`);
  const co2Rows: [string, string][] = co2 ? [[f.co2FirstYear, `${num(co2.firstYearTonnes, 1)} t`], [f.co2Lifetime, `${num(co2.lifetimeTonnes, 1)} t`]] : [];
  if (!x) {
    note(deck, slide, l.text.noEconomics, { x: 0.5, y: 1.2, w: 9, h: 0.6 });
    if (co2Rows.length) keyTable(deck, slide, co2Rows, { x: 0.5, y: 2.0, w: 4 });
    return;
  }
  keyTable(deck, slide, [
    [f.capex, num(x.capex, 0)],
    [f.npv, num(x.npv, 0)],
    [f.irr, pct(x.irr, 1, f.notAvailable)],
    [f.equityIrr, pct(x.equityIrr, 1, f.notAvailable)],
    [f.payback, x.paybackYears === null ? f.notAvailable : `${num(x.paybackYears, 1)} ${f.unitYears}`],
    [f.lcoe, num(x.lcoe, 3, f.notAvailable)],
    ...co2Rows,
  ], { x: 0.5, y: 1.1, w: 3.6 }, 11);
  if (!x.cashFlows.length) return;
  slide.addChart(pptx.ChartType.bar, [{ name: f.cumulative, labels: x.cashFlows.map((c) => String(c.year)), values: x.cashFlows.map((c) => c.cumulative) }], {
    x: 4.3,
    y: 1.0,
    w: 5.3,
    h: 3.9,
    barDir: 'col',
    chartColors: [theme.accent],
    invertedColors: ['C62828'],
    showTitle: true,
    title: l.figure.cashFlow,
    titleFontFace: theme.font,
    titleFontSize: 12,
    titleColor: TEXT_COLOUR,
    catAxisLabelFontFace: theme.font,
    catAxisLabelFontSize: 8,
    valAxisLabelFontFace: theme.font,
    valAxisLabelFontSize: 8,
    valAxisLabelFormatCode: '#,##0',
    valGridLine: { color: 'E0E6E4', size: 0.5 },
    showLegend: false,
  });
}
