// Slide 1, the title: the document's title, the project's name, address and date on the accent colour,
// with the organisation's logo and name when a template is set.
import type { Deck } from '../deck.ts';
import { logoObject } from '../master.ts';
import { SLIDE_H, SLIDE_W } from '../theme.ts';

export function titleSlide(deck: Deck): void {
  const { input, labels, theme } = deck;
  const m = input.model;
  const slide = deck.pptx.addSlide();
  slide.background = { color: theme.accent };
  const white = { fontFace: theme.font, color: 'FFFFFF' } as const;
  slide.addText(labels.kindTitle[input.kind], { x: 0.7, y: 1.1, w: 8.6, h: 0.5, fontSize: 18, ...white });
  slide.addText(m.project.name, { x: 0.7, y: 1.6, w: 8.6, h: 1.2, fontSize: 36, bold: true, valign: 'top', fit: 'shrink', ...white });
  const lines = [m.project.address ? `${labels.field.address}: ${m.project.address}` : null, `${labels.field.date}: ${m.generatedAt.slice(0, 10)}`].filter((s): s is string => s !== null);
  slide.addText(lines.join('\n'), { x: 0.7, y: 3.0, w: 8.6, h: 0.8, fontSize: 14, valign: 'top', ...white });
  const org = input.template?.name ?? labels.text.generatedBy;
  slide.addText(org, { x: 0.7, y: SLIDE_H - 0.9, w: 6, h: 0.4, fontSize: 12, ...white });
  const logo = logoObject(input.template?.logo, SLIDE_W - 2.7, SLIDE_H - 1.2, 2.2, 0.8);
  if (logo) {
    slide.addShape(deck.pptx.ShapeType.rect, { x: logo.x - 0.1, y: logo.y - 0.1, w: logo.w + 0.2, h: logo.h + 0.2, fill: { color: 'FFFFFF' }, line: { color: 'FFFFFF' } });
    slide.addImage(logo);
  }
}
