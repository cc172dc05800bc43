// The energy balance with the load (and the storage when there is one): load, self-consumption and
// self-sufficiency, export, import, the monthly PV / load / self-used chart and table.
import { barChart } from '../../charts/bar-chart.ts';
import type { SectionContext } from './section-context.ts';

export function balanceSection(c: SectionContext): void {
  const { model: m, l, f } = c;
  const b = m.balance;
  if (!b) return;
  c.heading(l.section.balance);
  const rows: [string, string][] = [
    [l.field.load, f.kwh(b.loadKwh)],
    [l.field.selfConsumption, f.pct(b.selfConsumptionRate)],
    [l.field.selfSufficiency, f.pct(b.selfSufficiencyRate)],
    [l.field.export, f.kwh(b.exportKwh)],
    [l.field.import, f.kwh(b.importKwh)],
  ];
  if (b.storage) rows.push([l.field.storageCapacity, `${f.num(b.storage.capacityKwh, 1)} kWh`], [l.field.storagePower, f.kw(b.storage.powerKw)]);
  c.facts(rows);
  const ms = [...b.monthly].sort((x, y) => x.month - y.month);
  c.figure(
    barChart({
      width: c.width,
      height: 200,
      categories: ms.map((x) => l.monthsShort[x.month - 1]),
      series: [
        { name: l.field.pv, values: ms.map((x) => x.pvKwh) },
        { name: l.field.load, values: ms.map((x) => x.loadKwh) },
        { name: l.field.self, values: ms.map((x) => x.selfKwh) },
      ],
      unit: 'kWh',
    }),
    l.figure.monthlyBalance,
    220,
  );
  c.table(
    [l.field.month, l.field.pv, l.field.load, l.field.self, l.field.export, l.field.import],
    ms.map((x) => [l.months[x.month - 1], f.num(x.pvKwh), f.num(x.loadKwh), f.num(x.selfKwh), f.num(x.exportKwh), f.num(x.importKwh)]),
    [0.2, 0.16, 0.16, 0.16, 0.16, 0.16],
    { fontSize: 8 },
  );
}
