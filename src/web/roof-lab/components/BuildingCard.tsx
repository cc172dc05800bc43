// Key figures of the drawn building: footprint, perimeter, heights and roof area.
import type { RoofOutput } from '../../../model/index.ts';
import { outlineEdges, type RoofDocument } from '../document.ts';
import { fixed } from '../format.ts';
import { t } from '../i18n.ts';

function footprintArea(doc: RoofDocument): number {
  const o = doc.outline;
  let a = 0;
  for (let i = 0; i < o.length; i++) {
    const p = o[i];
    const q = o[(i + 1) % o.length];
    a += p.x * q.y - q.x * p.y;
  }
  return Math.abs(a) / 2;
}

export function BuildingCard({ doc, output }: { doc: RoofDocument; output: RoofOutput | null }) {
  if (!doc.closed) return <p className="empty">{t('building.open')}</p>;
  const perimeter = outlineEdges(doc).reduce((s, [a, b]) => s + Math.hypot(b.x - a.x, b.y - a.y), 0);
  let top: number | null = null;
  for (const f of output?.faces ?? []) for (const v of f.vertices) top = top === null ? v[2] : Math.max(top, v[2]);
  const roofArea = output?.faces.reduce((s, f) => s + f.area, 0) ?? null;
  const rows: [string, string][] = [
    [t('building.footprint'), `${fixed(footprintArea(doc), 2)} m²`],
    [t('building.perimeter'), `${fixed(perimeter, 2)} m`],
    [t('building.eave'), `${fixed(doc.eaveHeight, 2)} m`],
    [t('building.top'), `${fixed(top, 2)} m`],
    [t('building.roofArea'), `${fixed(roofArea, 2)} m²`],
    [t('building.drawn'), t('building.drawnValue', { points: doc.outline.length + doc.points.length, lines: doc.lines.length })],
  ];
  return (
    <dl className="facts" data-testid="building-facts">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}
