// The slider puzzle's pictures (SVG): a random background with a piece-shaped gap, and the piece cut
// from the same background. The client shows the piece at the left edge and the user drags it into
// the gap; the server only keeps the gap's x. Pure string building, no dependencies.
import { randomInt } from 'node:crypto';

export const SLIDER = {
  /** Background size [px]. */
  width: 320,
  height: 160,
  /** Piece bounding square [px] (the knob sticks out by `knob` on the right). */
  piece: 44,
  knob: 8,
} as const;

export interface SliderPicture {
  /** Left edge of the gap [px]: the answer. */
  gapX: number;
  /** Top edge of the piece [px] (shown: the piece slides horizontally at this height). */
  pieceY: number;
  background: string;
  piece: string;
}

/** A square with a round knob on the right and a notch on top, its top-left corner at (x, y). */
function piecePath(x: number, y: number): string {
  const s = SLIDER.piece;
  const k = SLIDER.knob;
  const m = s / 2;
  return (
    `M${x},${y} h${m - k} a${k},${k} 0 0,0 ${2 * k},0 h${m - k} v${m - k} ` +
    `a${k},${k} 0 1,1 0,${2 * k} v${m - k} h${-s} z`
  );
}

function backgroundShapes(): string {
  const hue = randomInt(0, 360);
  let s =
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="hsl(${hue},60%,55%)"/><stop offset="1" stop-color="hsl(${(hue + 120) % 360},60%,45%)"/>` +
    `</linearGradient></defs><rect width="${SLIDER.width}" height="${SLIDER.height}" fill="url(#g)"/>`;
  for (let i = 0; i < 14; i++) {
    const cx = randomInt(0, SLIDER.width);
    const cy = randomInt(0, SLIDER.height);
    const r = randomInt(8, 40);
    s += `<circle cx="${cx}" cy="${cy}" r="${r}" fill="hsl(${randomInt(0, 360)},70%,${randomInt(35, 75)}%)" fill-opacity="0.55"/>`;
  }
  for (let i = 0; i < 6; i++) {
    s += `<line x1="${randomInt(0, SLIDER.width)}" y1="${randomInt(0, SLIDER.height)}" x2="${randomInt(0, SLIDER.width)}" y2="${randomInt(0, SLIDER.height)}" stroke="white" stroke-opacity="0.4" stroke-width="${randomInt(1, 4)}"/>`;
  }
  return s;
}

/** A new puzzle with the gap somewhere right of the piece's start position. */
export function sliderPicture(): SliderPicture {
  const { width, height, piece, knob } = SLIDER;
  const gapX = randomInt(piece + 30, width - piece - knob - 4);
  const pieceY = randomInt(knob + 4, height - piece - 4);
  const shapes = backgroundShapes();
  const path = piecePath(gapX, pieceY);
  const background =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `${shapes}<path d="${path}" fill="black" fill-opacity="0.5" stroke="white" stroke-opacity="0.8"/></svg>`;
  const w = piece + knob;
  const pieceSvg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${height}" viewBox="${gapX} 0 ${w} ${height}">` +
    `<clipPath id="p"><path d="${path}"/></clipPath><g clip-path="url(#p)">${shapes}</g>` +
    `<path d="${path}" fill="none" stroke="white" stroke-width="1.5"/></svg>`;
  return { gapX, pieceY, background, piece: pieceSvg };
}

export function svgDataUrl(svg: string): string {
  return 'data:image/svg+xml;base64,' + Buffer.from(svg, 'utf8').toString('base64');
}
