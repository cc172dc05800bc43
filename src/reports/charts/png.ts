// A Drawing's shapes rasterised to PNG (pngjs encoder, no native code): the fallback image the Word
// writer gives with each SVG chart for readers that cannot show SVG. Even–odd scanline polygon fill
// without anti-aliasing at `scale` pixels per point; lines as quads, circles as 24-gons; text is left
// out (the SVG, the PDF and the tables carry it).
import { PNG } from 'pngjs';
import type { Drawing, Pt } from './drawing.ts';

function rgb(hex: string | undefined): [number, number, number] | null {
  if (!hex) return null;
  const m = /^#?([0-9a-f]{6})$/i.exec(hex);
  if (!m) return null;
  const v = parseInt(m[1], 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

function fillPolygon(img: PNG, pts: readonly Pt[], c: [number, number, number]): void {
  if (pts.length < 3) return;
  const { width, height, data } = img;
  let y0 = Infinity, y1 = -Infinity;
  for (const p of pts) {
    y0 = Math.min(y0, p[1]);
    y1 = Math.max(y1, p[1]);
  }
  const xs: number[] = [];
  for (let y = Math.max(0, Math.floor(y0)); y <= Math.min(height - 1, Math.ceil(y1)); y++) {
    const sy = y + 0.5;
    xs.length = 0;
    for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
      const [xi, yi] = pts[i], [xj, yj] = pts[j];
      if (yi > sy !== yj > sy) xs.push(xi + ((sy - yi) * (xj - xi)) / (yj - yi));
    }
    xs.sort((a, b) => a - b);
    for (let k = 0; k + 1 < xs.length; k += 2) {
      const a = Math.max(0, Math.round(xs[k])), b = Math.min(width, Math.round(xs[k + 1]));
      for (let x = a; x < b; x++) {
        const o = (y * width + x) * 4;
        data[o] = c[0];
        data[o + 1] = c[1];
        data[o + 2] = c[2];
        data[o + 3] = 255;
      }
    }
  }
}

function strokePath(img: PNG, pts: readonly Pt[], w: number, c: [number, number, number], closed: boolean): void {
  const n = pts.length;
  for (let i = 0; i < (closed ? n : n - 1); i++) {
    const [ax, ay] = pts[i], [bx, by] = pts[(i + 1) % n];
    const len = Math.hypot(bx - ax, by - ay) || 1;
    const hw = Math.max(0.5, w / 2), nx = (-(by - ay) / len) * hw, ny = ((bx - ax) / len) * hw;
    fillPolygon(img, [[ax + nx, ay + ny], [bx + nx, by + ny], [bx - nx, by - ny], [ax - nx, ay - ny]], c);
  }
}

/** The drawing's shapes as a PNG image, `scale` pixels per point, white background. */
export function drawingToPng(d: Drawing, scale = 2): Uint8Array {
  const img = new PNG({ width: Math.max(1, Math.ceil(d.width * scale)), height: Math.max(1, Math.ceil(d.height * scale)) });
  img.data.fill(255);
  const S = (p: Pt): Pt => [p[0] * scale, p[1] * scale];
  for (const c of d.commands) {
    if (c.t === 'text') continue;
    let pts: Pt[];
    if (c.t === 'rect') pts = [[c.x, c.y], [c.x + c.w, c.y], [c.x + c.w, c.y + c.h], [c.x, c.y + c.h]];
    else if (c.t === 'circle') pts = Array.from({ length: 24 }, (_, i) => [c.x + c.r * Math.cos((i * Math.PI) / 12), c.y + c.r * Math.sin((i * Math.PI) / 12)] as const);
    else pts = c.points;
    const sp = pts.map(S);
    if (c.t === 'line') {
      const s = rgb(c.stroke);
      if (s) strokePath(img, sp, c.lineWidth * scale, s, false);
      continue;
    }
    const fill = rgb(c.fill), stroke = rgb(c.stroke);
    if (fill) fillPolygon(img, sp, fill);
    if (stroke && (c.lineWidth ?? 1) > 0) strokePath(img, sp, (c.lineWidth ?? 1) * scale, stroke, true);
  }
  // the Up filter only: flat chart colours compress well with it, and the adaptive choice costs more than it saves
  const buf = PNG.sync.write(img, { filterType: 2 });
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}
