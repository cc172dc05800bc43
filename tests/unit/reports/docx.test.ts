// The Word report unzipped by an independent reader (fflate) and checked as XML: word/document.xml
// is well-formed and holds the hand-made fixture's Chinese name, capacity (22 × 550 W = 12.10 kWp)
// and annual energy (13 915 kWh), the section titles of each kind, runs in Noto Sans SC for East
// Asian text; the charts are SVG images with PNG fallbacks; the font is embedded as a small subset.
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { ReportKind } from '../../../src/model/report.ts';
import { writeDocx } from '../../../src/reports/docx/index.ts';
import { FIXTURE, reportInputFixture } from '../../fixtures/reports/report-model.ts';

/** Element nesting balanced, attributes quoted, no bare "&" or "<" in text: the XML is well-formed. */
function wellFormed(xml: string): void {
  const body = xml.replace(/^<\?xml[^>]*\?>/, '');
  const stack: string[] = [];
  const re = /<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[\w:.-]+\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>|([^<]+)|(<)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(body))) {
    if (m[6]) throw new Error(`stray "<" at ${m.index}`);
    if (m[5] !== undefined) {
      if (/&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.test(m[5])) throw new Error(`bare & at ${m.index}`);
      continue;
    }
    if (m[1]) {
      const open = stack.pop();
      if (open !== m[2]) throw new Error(`</${m[2]}> closes <${open}>`);
    } else if (!m[4]) stack.push(m[2]);
  }
  if (stack.length) throw new Error(`unclosed <${stack.join('>, <')}>`);
}

/** The text of the document's runs, paragraph by paragraph. */
function paragraphs(xml: string): string[] {
  return [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map((p) => [...p[0].matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((t) => t[1]).join(''));
}

const TITLES: Record<ReportKind, string[]> = {
  design: ['光伏系统设计报告', '项目地点', '系统配置', '组件布置图', '阴影分析', '组串设计', '发电量', '损失图', '电气校验', '经济效益', '用电平衡', '节能减排'],
  evaluation: ['光伏项目评估报告', '项目地点', '系统配置', '发电量', '经济效益'],
  feasibility: ['光伏项目可行性研究报告', '项目概况', '设计依据', '投资估算', '财务分析', '风险分析', '结论'],
  economic: ['光伏项目经济性分析报告', '项目概况', '投资估算', '现金流量'],
};

describe('writeDocx', () => {
  for (const kind of ['design', 'evaluation', 'feasibility', 'economic'] as const) {
    it(`writes the ${kind} document with the project's figures and section titles`, async () => {
      const files = unzipSync(await writeDocx(reportInputFixture(kind, 'zh')));
      const xml = strFromU8(files['word/document.xml']);
      wellFormed(xml);
      const ps = paragraphs(xml);
      const all = ps.join('\n');
      expect(all).toContain(FIXTURE.name);
      expect(all).toContain(FIXTURE.capacity);
      expect(all).toContain('13,915 kWh');
      for (const t of TITLES[kind]) expect(all, t).toContain(t);
      expect(ps.some((p) => /^\d+ 项目/.test(p))).toBe(true);
      expect(xml).toMatch(/<w:rFonts [^>]*w:eastAsia="Noto Sans SC"/);
    });
  }

  it('embeds the charts as SVG with PNG fallbacks and the font as a subset', async () => {
    const bytes = await writeDocx(reportInputFixture('design', 'zh'));
    const files = unzipSync(bytes);
    const names = Object.keys(files);
    const svgs = names.filter((n) => /^word\/media\/.+\.svg$/.test(n));
    const pngs = names.filter((n) => /^word\/media\/.+\.png$/.test(n));
    // layout, shading, single-line, monthly energy, loss diagram, cash flow, balance
    expect(svgs.length).toBe(7);
    expect(pngs.length).toBe(7);
    for (const p of pngs) expect([...files[p].subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const svg = svgs.map((s) => strFromU8(files[s])).join('');
    expect(svg).toContain('INV-1');
    expect(svg).toContain('辐照度与温度损失');
    const fonts = names.filter((n) => n.startsWith('word/fonts/'));
    expect(fonts.length).toBe(2);
    for (const f of fonts) expect(files[f].byteLength).toBeLessThan(1_000_000);
    expect(strFromU8(files['word/fontTable.xml'])).toContain('Noto Sans SC');
    expect(bytes.byteLength).toBeLessThan(2_000_000);
  });

  it('writes English labels, the July figure worked by hand, and "Page x of n" fields', async () => {
    const files = unzipSync(await writeDocx(reportInputFixture('design', 'en')));
    const xml = strFromU8(files['word/document.xml']);
    const ps = paragraphs(xml);
    for (const s of ['PV system design report', 'Energy yield', 'Loss diagram', 'Electrical checks', 'July']) expect(ps.join('\n'), s).toContain(s);
    // July: 0.115 × 13 915 = 1 600.2 kWh; in the monthly table after "July"
    expect(ps[ps.indexOf('July') + 1]).toBe('1,600');
    const footer = Object.keys(files).filter((n) => /^word\/footer\d*\.xml$/.test(n)).map((n) => strFromU8(files[n])).join('');
    expect(footer).toContain('NUMPAGES');
    expect(footer).toContain('PAGE');
  });
});
