// The slider puzzle's pictures, drawn on the server as PNG (pngjs): a random background (gradient,
// translucent discs, lines, grain) with the piece-shaped gap darkened in, look-alike decoy gaps (one
// of another shape on the piece's own row, others of the same shape elsewhere), and the piece — a
// strip as tall as the background and as wide as the piece, transparent but for the piece at its
// height, cut from the undarkened background with grain of its own. Nothing in either picture or
// in the answer says where the gap is: the server keeps the gap's x (security_challenges.answer)
// and the client shows the piece at the left edge for the user to drag.
import { randomInt } from 'node:crypto';
import { PNG } from 'pngjs';

export const SLIDER = {
  /** Background size [px]. */
  width: 320,
  height: 160,
  /** Piece bounding square [px] (the knobs stick out by `knob` on the right and on top). */
  piece: 44,
  knob: 8,
} as const;

export interface SliderPicture {
  /** Left edge of the gap [px]: the answer (kept on the server). */
  gapX: number;
  /** Top edge of the piece's square [px] (shown: the piece slides horizontally at this height). */
  pieceY: number;
  /** PNG of the background with the gap and the decoys. */
  background: Buffer;
  /** PNG of the piece strip (SLIDER.piece + SLIDER.knob wide, SLIDER.height tall). */
  piece: Buffer;
}

type Rgb = [number, number, number];

/** How much of pixel (px, py) lies inside a circle [0–1], with one pixel of edge smoothing. */
function discCover(px: number, py: number, cx: number, cy: number, r: number): number {
  return Math.min(1, Math.max(0, r - Math.hypot(px + 0.5 - cx, py + 0.5 - cy) + 0.5));
}

/**
 * Whether pixel (px, py) is inside the piece shape whose square's top-left corner is (x, y): a square
 * with round knobs on the right and on top (`flipped`: on the left and at the bottom — a decoy).
 */
function inPiece(px: number, py: number, x: number, y: number, flipped = false): boolean {
  const { piece: s, knob: k } = SLIDER;
  const cx = px + 0.5;
  const cy = py + 0.5;
  if (cx >= x && cx < x + s && cy >= y && cy < y + s) return true;
  const side = flipped ? [x, y + s / 2] : [x + s, y + s / 2];
  const cap = flipped ? [x + s / 2, y + s] : [x + s / 2, y];
  return Math.hypot(cx - side[0], cy - side[1]) < k || Math.hypot(cx - cap[0], cy - cap[1]) < k;
}

function hsl(h: number, s: number, l: number): Rgb {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return 255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1)));
  };
  return [f(0), f(8), f(4)];
}

/** A random background as floating-point RGB, row by row. */
function paintBackground(): Float32Array {
  const { width: w, height: h } = SLIDER;
  const rgb = new Float32Array(w * h * 3);
  const hue = randomInt(0, 360);
  const from = hsl(hue, 0.6, 0.55);
  const to = hsl((hue + 120) % 360, 0.6, 0.45);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const t = (x / w + y / h) / 2;
      const o = (y * w + x) * 3;
      for (let c = 0; c < 3; c++) rgb[o + c] = from[c] + (to[c] - from[c]) * t;
    }
  }
  const blend = (x: number, y: number, colour: Rgb, alpha: number) => {
    const o = (y * w + x) * 3;
    for (let c = 0; c < 3; c++) rgb[o + c] += (colour[c] - rgb[o + c]) * alpha;
  };
  for (let i = 0; i < 16; i++) {
    const cx = randomInt(0, w);
    const cy = randomInt(0, h);
    const r = randomInt(8, 40);
    const colour = hsl(randomInt(0, 360), 0.7, randomInt(35, 75) / 100);
    for (let y = Math.max(0, cy - r - 1); y < Math.min(h, cy + r + 1); y++) {
      for (let x = Math.max(0, cx - r - 1); x < Math.min(w, cx + r + 1); x++) {
        const cover = discCover(x, y, cx, cy, r);
        if (cover > 0) blend(x, y, colour, 0.55 * cover);
      }
    }
  }
  for (let i = 0; i < 6; i++) {
    const [x1, y1, x2, y2] = [randomInt(0, w), randomInt(0, h), randomInt(0, w), randomInt(0, h)];
    const half = randomInt(1, 4) / 2;
    const len2 = (x2 - x1) ** 2 + (y2 - y1) ** 2 || 1;
    for (let y = Math.max(0, Math.min(y1, y2) - 3); y < Math.min(h, Math.max(y1, y2) + 3); y++) {
      for (let x = Math.max(0, Math.min(x1, x2) - 3); x < Math.min(w, Math.max(x1, x2) + 3); x++) {
        const t = Math.max(0, Math.min(1, ((x - x1) * (x2 - x1) + (y - y1) * (y2 - y1)) / len2));
        const d = Math.hypot(x - (x1 + t * (x2 - x1)), y - (y1 + t * (y2 - y1)));
        const cover = Math.min(1, Math.max(0, half - d + 0.5));
        if (cover > 0) blend(x, y, [255, 255, 255], 0.4 * cover);
      }
    }
  }
  return rgb;
}

/** Adds grain of ±`amount` to every channel. */
function grain(rgb: Float32Array, amount: number): void {
  // Math.random: the grain only has to differ between the two pictures, not to be unpredictable.
  for (let i = 0; i < rgb.length; i++) rgb[i] += (Math.random() * 2 - 1) * amount;
}

function byte(v: number): number {
  return Math.max(0, Math.min(255, Math.round(v)));
}

/** Darkens the pixels of a piece-shaped gap at (x, y) and lightens its rim. */
function cutGap(rgb: Float32Array, x: number, y: number, flipped: boolean, darkness: number): void {
  const { width: w, height: h, piece: s, knob: k } = SLIDER;
  for (let py = Math.max(0, y - k - 1); py < Math.min(h, y + s + k + 1); py++) {
    for (let px = Math.max(0, x - k - 1); px < Math.min(w, x + s + k + 1); px++) {
      if (!inPiece(px, py, x, y, flipped)) continue;
      const rim = !inPiece(px - 1, py, x, y, flipped) || !inPiece(px + 1, py, x, y, flipped) || !inPiece(px, py - 1, x, y, flipped) || !inPiece(px, py + 1, x, y, flipped);
      const o = (py * w + px) * 3;
      for (let c = 0; c < 3; c++) rgb[o + c] = rim ? rgb[o + c] + (255 - rgb[o + c]) * 0.6 : rgb[o + c] * (1 - darkness);
    }
  }
}

/** A left edge for a decoy at least one piece away from the gap (and from the piece's start), or null. */
function decoyX(gapX: number): number | null {
  const { width: w, piece: s, knob: k } = SLIDER;
  const free: number[] = [];
  for (let x = s + 12; x <= w - s - k - 2; x++) if (Math.abs(x - gapX) > s + 2 * k) free.push(x);
  return free.length > 0 ? free[randomInt(0, free.length)] : null;
}

/** A new puzzle with the gap somewhere right of the piece's start position. */
export function sliderPicture(): SliderPicture {
  const { width: w, height: h, piece: s, knob: k } = SLIDER;
  const gapX = randomInt(s + 30, w - s - k - 4);
  const pieceY = randomInt(k + 4, h - s - 4);
  const clean = paintBackground();

  // The piece: the undarkened background inside the shape, with its own grain and a bright rim.
  const pieceWidth = s + k + 1;
  const strip = new PNG({ width: pieceWidth, height: h, colorType: 6 });
  const own = clean.slice();
  grain(own, 5);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < pieceWidth; x++) {
      const o = (y * pieceWidth + x) * 4;
      if (!inPiece(x, y, 0, pieceY)) {
        strip.data[o + 3] = 0;
        continue;
      }
      const rim = !inPiece(x - 1, y, 0, pieceY) || !inPiece(x + 1, y, 0, pieceY) || !inPiece(x, y - 1, 0, pieceY) || !inPiece(x, y + 1, 0, pieceY);
      const src = (y * w + gapX + x) * 3;
      for (let c = 0; c < 3; c++) strip.data[o + c] = rim ? 255 : byte(own[src + c] * 1.08 + 6);
      strip.data[o + 3] = 255;
    }
  }

  // The background: the gap, a decoy of the other shape on the piece's row, two of the same shape elsewhere.
  const bg = clean;
  cutGap(bg, gapX, pieceY, false, 0.5);
  const rowDecoy = decoyX(gapX);
  if (rowDecoy !== null) cutGap(bg, rowDecoy, pieceY, true, randomInt(40, 56) / 100);
  for (let i = 0; i < 2; i++) {
    const y = randomInt(k + 4, h - s - 4);
    const x = randomInt(s + 12, w - s - k - 2);
    if (Math.abs(y - pieceY) < s / 2 || (Math.abs(y - pieceY) < s + 2 * k && Math.abs(x - gapX) < s + 2 * k)) continue;
    cutGap(bg, x, y, false, randomInt(40, 56) / 100);
  }
  grain(bg, 5);
  const picture = new PNG({ width: w, height: h, colorType: 2, inputHasAlpha: false });
  picture.data = Buffer.alloc(w * h * 3);
  for (let i = 0; i < w * h * 3; i++) picture.data[i] = byte(bg[i]);

  return {
    gapX,
    pieceY,
    background: PNG.sync.write(picture, { colorType: 2, inputHasAlpha: false, deflateLevel: 6, filterType: 2 }),
    piece: PNG.sync.write(strip, { colorType: 6, deflateLevel: 6, filterType: 2 }),
  };
}

export function pngDataUrl(png: Buffer): string {
  return 'data:image/png;base64,' + png.toString('base64');
}

export function svgDataUrl(svg: string): string {
  return 'data:image/svg+xml;base64,' + Buffer.from(svg, 'utf8').toString('base64');
}
