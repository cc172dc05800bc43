// The slide master every content slide uses: a title bar in the accent colour, the organisation's
// logo at its right end and its name in the footer when a template is set, PV Studio's line
// otherwise, and the slide number.
import type PptxGenJS from 'pptxgenjs';
import type { ReportInput } from '../report-input.ts';
import type { ReportLabels } from '../labels/index.ts';
import { base64, imageInfo } from './image-size.ts';
import { MUTED_COLOUR, SLIDE_H, SLIDE_W, type DeckTheme } from './theme.ts';

export const MASTER = 'PV_STUDIO_CONTENT';
/** The title placeholder's name on the master. */
export const TITLE_PLACEHOLDER = 'slideTitle';

/** The logo's box on a slide, fitted into w × h keeping its aspect ratio, or null without a usable logo. */
export function logoObject(logo: Uint8Array | null | undefined, x: number, y: number, w: number, h: number): { data: string; x: number; y: number; w: number; h: number } | null {
  if (!logo) return null;
  const info = imageInfo(logo);
  if (!info || info.width <= 0 || info.height <= 0) return null;
  const scale = Math.min(w / info.width, h / info.height);
  const iw = info.width * scale;
  const ih = info.height * scale;
  return { data: `${info.mime};base64,${base64(logo)}`, x: x + w - iw, y: y + (h - ih) / 2, w: iw, h: ih };
}

export function defineMaster(pptx: PptxGenJS, input: ReportInput, theme: DeckTheme, labels: ReportLabels): void {
  const objects: PptxGenJS.SlideMasterProps['objects'] = [
    { rect: { x: 0, y: 0, w: SLIDE_W, h: 0.8, fill: { color: theme.accent } } },
    { line: { x: 0.5, y: SLIDE_H - 0.4, w: SLIDE_W - 1, h: 0, line: { color: 'CFD8DC', width: 0.75 } } },
    {
      text: {
        text: input.template?.name ? `${input.template.name} · ${input.model.project.name}` : `${input.model.project.name} · ${labels.text.generatedBy}`,
        options: { x: 0.5, y: SLIDE_H - 0.38, w: 7.5, h: 0.3, fontFace: theme.font, fontSize: 9, color: MUTED_COLOUR },
      },
    },
  ];
  const logo = logoObject(input.template?.logo, SLIDE_W - 1.9, 0.12, 1.6, 0.56);
  if (logo) objects.push({ image: logo });
  pptx.defineSlideMaster({
    title: MASTER,
    background: { color: 'FFFFFF' },
    objects: [
      ...objects,
      { placeholder: { options: { name: TITLE_PLACEHOLDER, type: 'title', x: 0.5, y: 0.1, w: logo ? 7.2 : 9, h: 0.6, fontFace: theme.font, fontSize: 24, bold: true, color: 'FFFFFF', valign: 'middle' }, text: '' } },
    ],
    slideNumber: { x: SLIDE_W - 1, y: SLIDE_H - 0.38, w: 0.5, h: 0.3, fontFace: theme.font, fontSize: 9, color: MUTED_COLOUR },
  });
}
