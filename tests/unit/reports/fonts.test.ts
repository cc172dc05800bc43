// The report font helper: the HarfBuzz subset of Noto Sans SC read back by an independent font
// parser (fontkit, which pdfkit depends on) — it maps exactly the characters asked for (and not
// others), is far below the 10 MB full font; and fontText collects every string of the values.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { fontText, notoSansSc, subsetNotoSansSc, withNotoGlyphs } from '../../../src/reports/fonts/index.ts';

const fontkit = createRequire(import.meta.url)('fontkit') as { create(b: Buffer): { hasGlyphForCodePoint(c: number): boolean; familyName: string } };

describe('report fonts', () => {
  it('subsets Noto Sans SC to the characters of the text', async () => {
    const full = await notoSansSc('regular');
    expect(full.byteLength).toBeGreaterThan(10_000_000);
    const sub = await subsetNotoSansSc('杭州光伏 12.10 kWp', 'regular');
    expect(sub.byteLength).toBeLessThan(50_000);
    const f = fontkit.create(sub);
    expect(f.familyName).toBe('Noto Sans SC');
    for (const ch of '杭州光伏12.kWp') expect(f.hasGlyphForCodePoint(ch.codePointAt(0)!), ch).toBe(true);
    for (const ch of '上海Z') expect(f.hasGlyphForCodePoint(ch.codePointAt(0)!), ch).toBe(false);
  });

  it('caches the full font bytes in the process', async () => {
    expect(await notoSansSc('bold')).toBe(await notoSansSc('bold'));
  });

  it('collects the characters of nested strings plus ASCII', () => {
    const t = fontText({ a: ['杭州', { b: '光伏' }], n: 3 }, '元');
    for (const ch of '杭州光伏元AZaz09%') expect(t).toContain(ch);
    expect(t).not.toContain('上');
    expect(new Set(t).size).toBe([...t].length);
  });

  it('replaces characters the font has no glyph for (CO₂ → CO2)', () => {
    expect(withNotoGlyphs({ s: ['减排 CO₂'] })).toEqual({ s: ['减排 CO2'] });
  });
});
