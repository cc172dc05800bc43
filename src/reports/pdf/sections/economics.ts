// The economics: the indicators (investment, NPV, IRR, equity IRR, payback, LCOE), the cash-flow
// chart (net per year, cumulative line) and the 25-year cash-flow table.
import { barChart } from '../../charts/bar-chart.ts';
import { NEGATIVE, POSITIVE } from '../../charts/drawing.ts';
import type { SectionContext } from './section-context.ts';

/** The economic indicators as label–value rows. */
export function indicatorRows(c: SectionContext): [string, string][] {
  const { l, f } = c;
  const e = c.model.economics!;
  const rows: [string, string][] = [
    [l.field.capex, f.money(e.capex)],
    [l.field.npv, f.money(e.npv)],
    [l.field.irr, f.opt(e.irr, (x) => f.pct(x, 2))],
  ];
  if (e.equityIrr !== null) rows.push([l.field.equityIrr, f.pct(e.equityIrr, 2)]);
  rows.push([l.field.payback, f.opt(e.paybackYears, f.years)], [l.field.lcoe, f.opt(e.lcoe, f.moneyPerKwh)]);
  return rows;
}

/** The cash-flow chart (net bars, cumulative line). */
export function cashFlowFigure(c: SectionContext): void {
  const { l } = c;
  const cf = c.model.economics!.cashFlows;
  c.figure(
    barChart({
      width: c.width,
      height: 210,
      categories: cf.map((x) => String(x.year)),
      series: [{ name: l.field.net, values: cf.map((x) => x.net), color: POSITIVE, negativeColor: NEGATIVE }],
      line: { name: l.field.cumulative, values: cf.map((x) => x.cumulative), color: '#1565C0' },
      unit: l.language === 'zh' ? '元' : 'CNY',
    }),
    l.figure.cashFlow,
    230,
  );
}

/** The cash-flow table, one row a year. */
export function cashFlowTable(c: SectionContext): void {
  const { l, f } = c;
  c.table(
    [l.field.year, `${l.field.energy} (kWh)`, l.field.sales, l.field.net, l.field.cumulative],
    c.model.economics!.cashFlows.map((x) => [String(x.year), f.num(x.energy), f.num(x.sales), f.num(x.net), f.num(x.cumulative)]),
    [0.12, 0.22, 0.22, 0.22, 0.22],
    { fontSize: 8 },
  );
}

export function economicsSection(c: SectionContext, opts: { table: boolean; title?: string } = { table: true }): void {
  const { l } = c;
  c.heading(opts.title ?? l.section.economics, opts.table);
  if (!c.model.economics) return c.para(l.text.noEconomics);
  c.facts(indicatorRows(c));
  cashFlowFigure(c);
  if (opts.table) {
    c.sub(l.section.cashFlow);
    cashFlowTable(c);
  }
}
