// A Drawing (drawing.ts) as an SVG document: the Word writer embeds it as the chart image (text in
// Noto Sans SC / Microsoft YaHei), and it is the charts' test surface.
import { CJK_FALLBACK_FAMILY, CJK_FONT_FAMILY } from '../fonts/names.ts';
import type { DrawCommand, Drawing } from './drawing.ts';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const n = (x: number) => +x.toFixed(2);

function paint(c: { fill?: string; stroke?: string; lineWidth?: number }): string {
  return `fill="${c.fill ?? 'none'}"${c.stroke ? ` stroke="${c.stroke}" stroke-width="${n(c.lineWidth ?? 1)}"` : ''}`;
}

function element(c: DrawCommand): string {
  switch (c.t) {
    case 'rect':
      return `<rect x="${n(c.x)}" y="${n(c.y)}" width="${n(c.w)}" height="${n(c.h)}" ${paint(c)}/>`;
    case 'poly':
      return `<polygon points="${c.points.map((p) => `${n(p[0])},${n(p[1])}`).join(' ')}" ${paint(c)}/>`;
    case 'line':
      return `<polyline points="${c.points.map((p) => `${n(p[0])},${n(p[1])}`).join(' ')}" fill="none" stroke="${c.stroke}" stroke-width="${n(c.lineWidth)}"${c.dash ? ` stroke-dasharray="${c.dash}"` : ''}/>`;
    case 'circle':
      return `<circle cx="${n(c.x)}" cy="${n(c.y)}" r="${n(c.r)}" ${paint(c)}/>`;
    case 'text': {
      const anchor = c.align === 'center' ? 'middle' : c.align === 'right' ? 'end' : 'start';
      return `<text x="${n(c.x)}" y="${n(c.y + c.size * 0.8)}" font-size="${n(c.size)}" text-anchor="${anchor}" fill="${c.color ?? '#222'}"${c.bold ? ' font-weight="bold"' : ''}>${esc(c.text)}</text>`;
    }
  }
}

/** The commands as SVG elements; runs of plain filled polygons of one colour become one <path>. */
function elements(cmds: readonly DrawCommand[]): string {
  const out: string[] = [];
  for (let i = 0; i < cmds.length; i++) {
    const c = cmds[i];
    if (c.t === 'poly' && c.fill && !c.stroke && i + 1 < cmds.length) {
      const next = cmds[i + 1];
      if (next.t === 'poly' && next.fill === c.fill && !next.stroke) {
        let d = '';
        let j = i;
        for (; j < cmds.length; j++) {
          const q = cmds[j];
          if (q.t !== 'poly' || q.fill !== c.fill || q.stroke) break;
          d += `M${q.points.map((p) => `${n(p[0])} ${n(p[1])}`).join('L')}Z`;
        }
        out.push(`<path d="${d}" fill="${c.fill}"/>`);
        i = j - 1;
        continue;
      }
    }
    out.push(element(c));
  }
  return out.join('');
}

/** The drawing as a standalone SVG document (viewBox in points). */
export function drawingToSvg(d: Drawing): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${n(d.width)}" height="${n(d.height)}" viewBox="0 0 ${n(d.width)} ${n(d.height)}" ` +
    `font-family="'${CJK_FONT_FAMILY}', '${CJK_FALLBACK_FAMILY}', sans-serif">` +
    `<rect width="100%" height="100%" fill="#ffffff"/>` +
    elements(d.commands) +
    `</svg>`
  );
}
