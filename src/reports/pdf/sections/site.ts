// The site and its weather: position, elevation, the weather year's source and citation (flagged
// when it is an estimate), the global horizontal irradiation and mean temperature.
import type { SectionContext } from './section-context.ts';

export function siteSection(c: SectionContext): void {
  const { model: m, l, f } = c;
  c.heading(l.section.site);
  const rows: [string, string][] = [[l.field.projectName, m.project.name]];
  if (m.project.address) rows.push([l.field.address, m.project.address]);
  rows.push([l.field.latitude, `${f.num(m.project.latitude, 4)}°`], [l.field.longitude, `${f.num(m.project.longitude, 4)}°`]);
  if (m.project.elevation !== null) rows.push([l.field.elevation, `${f.num(m.project.elevation)} m`]);
  c.facts(rows);
  c.sub(l.section.weather);
  const w = m.weather;
  const wr: [string, string][] = [[l.field.weatherSource, w.estimate ? `${w.source} (${l.field.estimate})` : w.source]];
  if (w.citation) wr.push([l.field.citation, w.citation]);
  wr.push([l.field.ghi, f.opt(w.ghiKwhM2, (x) => `${f.num(x, 1)} kWh/m²`)], [l.field.meanTemp, f.opt(w.meanTempC, (x) => `${f.num(x, 1)} °C`)]);
  c.facts(wr);
}
