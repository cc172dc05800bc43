// The deck's look: 16:9 slides (10 × 5.625 in), the fonts (Chinese decks in Microsoft YaHei, which
// Office on Windows and macOS ships; English in Arial), the accent colour (the organisation's template
// colour when set, else PV Studio's green), and the text styles every slide shares.
import type { ReportLanguage } from '../../model/report.ts';

export const SLIDE_W = 10;
export const SLIDE_H = 5.625;
/** Content area under the title bar [in]. */
export const CONTENT = { x: 0.5, y: 1.05, w: 9, h: 4.1 } as const;

export const DEFAULT_ACCENT = '0F6E56';
export const TEXT_COLOUR = '263238';
export const MUTED_COLOUR = '607D8B';

export interface DeckTheme {
  font: string;
  accent: string;
}

/** A template colour "#RRGGBB" / "RRGGBB" → pptx hex, or the default accent when it is not one. */
export function accentColour(colour: string | null | undefined): string {
  const hex = colour?.trim().replace(/^#/, '') ?? '';
  return /^[0-9a-fA-F]{6}$/.test(hex) ? hex.toUpperCase() : DEFAULT_ACCENT;
}

export function deckTheme(language: ReportLanguage, templateColour: string | null | undefined): DeckTheme {
  return { font: language === 'zh' ? 'Microsoft YaHei' : 'Arial', accent: accentColour(templateColour) };
}
