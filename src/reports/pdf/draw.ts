// Paints a chart drawing (charts/drawing.ts) onto a pdfkit page at (x, y), scaled, in vector form.
// Shapes are written as raw PDF path operators (m l h re f S), and consecutive filled shapes of one
// colour without an outline go into one path filled once — a 20,000-module plan is 20,000 subpaths
// and a few fill operators instead of 20,000 pdfkit calls.
import type { DrawCommand, Drawing, Pt } from '../charts/drawing.ts';

const n = (x: number) => (Math.round(x * 100) / 100).toString();

function pathOf(c: DrawCommand): string {
  switch (c.t) {
    case 'rect':
      return `${n(c.x)} ${n(c.y)} ${n(c.w)} ${n(c.h)} re`;
    case 'poly':
      return polyline(c.points) + ' h';
    default:
      return '';
  }
}

function polyline(points: readonly Pt[]): string {
  let s = `${n(points[0][0])} ${n(points[0][1])} m`;
  for (let i = 1; i < points.length; i++) s += ` ${n(points[i][0])} ${n(points[i][1])} l`;
  return s;
}

/** Draws `d` with its top-left at (x, y) [pt], scaled by `scale`; text in the given fonts. */
export function drawOnPdf(doc: PDFKit.PDFDocument, d: Drawing, x: number, y: number, scale: number, fonts: { regular: string; bold: string }): void {
  doc.save();
  doc.translate(x, y).scale(scale);
  const cmds = d.commands;
  for (let i = 0; i < cmds.length; i++) {
    const c = cmds[i];
    switch (c.t) {
      case 'rect':
      case 'poly': {
        if ((c.t === 'poly' && c.points.length < 3) || (!c.fill && !c.stroke)) break;
        if (c.fill && !c.stroke) {
          // batch the run of plain fills of this colour
          const parts = [pathOf(c)];
          while (i + 1 < cmds.length) {
            const next = cmds[i + 1];
            if ((next.t !== 'rect' && next.t !== 'poly') || next.stroke || next.fill !== c.fill || (next.t === 'poly' && next.points.length < 3)) break;
            parts.push(pathOf(next));
            i++;
          }
          doc.addContent(parts.join('\n'));
          doc.fill(c.fill);
          break;
        }
        doc.addContent(pathOf(c));
        if (c.fill && c.stroke) doc.lineWidth(c.lineWidth ?? 1).fillAndStroke(c.fill, c.stroke);
        else doc.lineWidth(c.lineWidth ?? 1).stroke(c.stroke!);
        break;
      }
      case 'circle': {
        doc.circle(c.x, c.y, c.r);
        if (c.fill && c.stroke) doc.lineWidth(c.lineWidth ?? 1).fillAndStroke(c.fill, c.stroke);
        else if (c.fill) doc.fill(c.fill);
        else if (c.stroke) doc.lineWidth(c.lineWidth ?? 1).stroke(c.stroke);
        break;
      }
      case 'line': {
        if (c.points.length < 2) break;
        doc.addContent(polyline(c.points));
        doc.lineWidth(c.lineWidth);
        if (c.dash) doc.dash(c.dash, {});
        doc.stroke(c.stroke);
        if (c.dash) doc.undash();
        break;
      }
      case 'text': {
        doc.font(c.bold ? fonts.bold : fonts.regular).fontSize(c.size).fillColor(c.color ?? '#222222');
        const w = doc.widthOfString(c.text);
        const tx = c.align === 'center' ? c.x - w / 2 : c.align === 'right' ? c.x - w : c.x;
        doc.text(c.text, tx, c.y, { lineBreak: false });
        break;
      }
    }
  }
  doc.restore();
  doc.fillColor('#222222');
}
