// The project's PowerPoint deck (issue 17 §2), written with pptxgenjs: title (the organisation's
// template — logo, colour, name — when set), site and weather, system, layout (a plan of native
// shapes), monthly energy (a native bar chart), the loss diagram, economics with the cash-flow chart,
// and the conclusion. Chinese decks use Microsoft YaHei.
import PptxGenJS from 'pptxgenjs';
import type { ReportInput } from '../report-input.ts';
import { reportLabels } from '../labels/index.ts';
import type { Deck } from './deck.ts';
import { defineMaster } from './master.ts';
import { conclusionSlide } from './slides/conclusion.ts';
import { economicsSlide } from './slides/economics.ts';
import { energySlide } from './slides/energy.ts';
import { layoutSlide } from './slides/layout.ts';
import { lossSlide } from './slides/losses.ts';
import { siteSlide } from './slides/site.ts';
import { systemSlide } from './slides/system.ts';
import { titleSlide } from './slides/title.ts';
import { deckTheme } from './theme.ts';

export async function writePptx(input: ReportInput): Promise<Uint8Array> {
  const labels = reportLabels(input.language);
  const theme = deckTheme(input.language, input.template?.colour);
  const pptx = new PptxGenJS();
  pptx.layout = 'LAYOUT_16x9';
  pptx.title = `${input.model.project.name} · ${labels.kindTitle[input.kind]}`;
  pptx.subject = labels.kindTitle[input.kind];
  pptx.company = input.template?.name ?? 'PV Studio';
  pptx.author = input.template?.name ?? 'PV Studio';
  pptx.theme = { headFontFace: theme.font, bodyFontFace: theme.font };
  defineMaster(pptx, input, theme, labels);
  const deck: Deck = { pptx, input, labels, theme };
  titleSlide(deck);
  siteSlide(deck);
  systemSlide(deck);
  layoutSlide(deck);
  energySlide(deck);
  lossSlide(deck);
  economicsSlide(deck);
  conclusionSlide(deck);
  const out = (await pptx.write({ outputType: 'nodebuffer' })) as Uint8Array;
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}
