// The report writers' Chinese font: Noto Sans SC (Google, SIL Open Font License 1.1; the TTFs of the
// npm package @expo-google-fonts/noto-sans-sc, 400 Regular and 700 Bold). The full fonts (≈ 10 MB each)
// are read once per process; each file embeds a subset holding only the characters it uses, cut by
// HarfBuzz (subset-font, WebAssembly, no native build). Used by the PDF and Word writers, and read-only
// by the PowerPoint and DXF writers. See README.md here for the licence.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';

export { CJK_FALLBACK_FAMILY, CJK_FONT_FAMILY } from './names.ts';

export type FontWeight = 'regular' | 'bold';

const FILES: Record<FontWeight, string> = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
};

const cache = new Map<FontWeight, Promise<Buffer>>();

/** The full TTF of a weight, read from node_modules once per process. */
export function notoSansSc(weight: FontWeight): Promise<Buffer> {
  let p = cache.get(weight);
  if (!p) {
    const file = createRequire(import.meta.url).resolve(FILES[weight]);
    p = readFile(file);
    p.catch(() => cache.delete(weight));
    cache.set(weight, p);
  }
  return p;
}

/** Printable ASCII and the symbols the writers print around the model's figures (units, dashes, arrows). */
const BASE_TEXT = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('') + '°²³₂≤≥–—−×·…→↓%‰¥€£“”‘’、，。：；（）【】《》％';

/**
 * The characters of every string found in the values (objects and arrays walked), plus printable
 * ASCII and the writers' symbols: the text a subset must cover.
 */
export function fontText(...values: unknown[]): string {
  const chars = new Set<string>(BASE_TEXT);
  const seen = new Set<string>();
  const walk = (v: unknown): void => {
    if (typeof v === 'string') {
      if (seen.has(v)) return;
      seen.add(v);
      for (const c of v) chars.add(c);
    } else if (Array.isArray(v)) for (const x of v) walk(x);
    else if (v && typeof v === 'object') for (const x of Object.values(v)) walk(x);
  };
  for (const v of values) walk(v);
  return [...chars].join('');
}

/** A TrueType subset of Noto Sans SC holding the characters of `text` (HarfBuzz subsetter). */
export async function subsetNotoSansSc(text: string, weight: FontWeight): Promise<Buffer> {
  return subsetFont(await notoSansSc(weight), text, { targetFormat: 'truetype' });
}

/** Characters Noto Sans SC has no glyph for, and what the PDF prints instead (CO₂ → CO2). */
const MISSING: Record<string, string> = { '₂': '2' };

/** A copy of a JSON-like value (the labels) whose strings only use characters Noto Sans SC can draw. */
export function withNotoGlyphs<T>(value: T): T {
  return JSON.parse(JSON.stringify(value).replace(/[₂]/g, (c) => MISSING[c] ?? c)) as T;
}
