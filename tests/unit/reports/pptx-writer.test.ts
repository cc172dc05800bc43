// The PowerPoint deck opened as the zip it is (fflate) and every part's XML checked well-formed by a
// strict XML parser (saxes): 8 slides carrying the project's name, capacity and energy as text, the
// monthly chart holding the model's 12 monthly values, Chinese text in Microsoft YaHei, and the
// organisation's template (logo, colour, name) on the slide master when one is set.
import { strFromU8, unzipSync } from 'fflate';
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { writePptx } from '../../../src/reports/pptx/index.ts';
import { imageInfo } from '../../../src/reports/pptx/image-size.ts';
import type { ReportInput } from '../../../src/reports/report-input.ts';
import { PROJECT_NAME, projectExportFixture, reportModelFixture } from '../../fixtures/reports-r3/report-model.ts';
import { FIXTURE, reportInputFixture } from '../../fixtures/reports/report-model.ts';

/** A 1 × 1 px PNG. */
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));

function input(language: 'zh' | 'en' = 'zh', template: ReportInput['template'] = null): ReportInput {
  return { model: reportModelFixture(), hours: null, project: projectExportFixture(), kind: 'design', language, template };
}

/** Parses an XML part strictly (throws on malformed XML) and returns the text of its elements named `tag`. */
function texts(xml: string, tag: string): string[] {
  const out: string[] = [];
  const parser = new SaxesParser();
  let inTag = 0;
  let current = '';
  parser.on('error', (e) => {
    throw e;
  });
  parser.on('opentag', (t) => {
    if (t.name === tag) {
      inTag++;
      current = '';
    }
  });
  parser.on('text', (t) => {
    if (inTag) current += t;
  });
  parser.on('closetag', (t) => {
    if (t.name === tag) {
      inTag--;
      out.push(current);
    }
  });
  parser.write(xml).close();
  return out;
}

async function open(i: ReportInput) {
  const bytes = await writePptx(i);
  expect(strFromU8(bytes.slice(0, 2))).toBe('PK');
  const files = unzipSync(bytes);
  const xml = (name: string) => strFromU8(files[name]);
  const slides = Object.keys(files)
    .filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n))
    .sort((a, b) => Number(a.match(/\d+/)![0]) - Number(b.match(/\d+/)![0]));
  return { files, xml, slides, slideText: (n: number) => texts(xml(slides[n]), 'a:t').join('\n') };
}

describe('writePptx', () => {
  it('writes 8 slides whose XML parts are all well-formed', async () => {
    const { files, xml, slides } = await open(input());
    expect(slides).toHaveLength(8);
    const parts = Object.keys(files).filter((n) => n.endsWith('.xml') || n.endsWith('.rels'));
    expect(parts.length).toBeGreaterThan(20);
    for (const p of parts) expect(() => texts(xml(p), 'a:t'), p).not.toThrow();
  });

  it('carries the project name, capacity and energy as slide text', async () => {
    const { slideText } = await open(input());
    expect(slideText(0)).toContain(PROJECT_NAME);
    expect(slideText(0)).toContain('光伏系统设计报告');
    expect(slideText(2)).toContain('8.80 kWp');
    expect(slideText(2)).toContain('LONGi LR5-72HPH-550M · 550 W');
    expect(slideText(4)).toContain('9,900 kWh');
    expect(slideText(4)).toContain('1,125 kWh/kWp');
    // PR = 9 900 / (8.8 × 1 390) = 80.9 %
    expect(slideText(4)).toContain('80.9 %');
    expect(slideText(6)).toContain('15,400');
    expect(slideText(6)).toContain('11.2 %');
    expect(slideText(7)).toContain('项目在给定参数下经济可行。');
  });

  it('draws native charts: the monthly AC values, the losses, the cash flow', async () => {
    const { files, xml } = await open(input());
    const charts = Object.keys(files).filter((n) => /^ppt\/charts\/chart\d+\.xml$/.test(n));
    expect(charts).toHaveLength(3);
    const values = charts.map((c) => texts(xml(c), 'c:v'));
    const monthly = values.find((v) => v.includes('560'));
    expect(monthly).toBeDefined();
    const numbers = monthly!.map(Number).filter((n) => Number.isFinite(n));
    expect(numbers).toEqual(expect.arrayContaining([560, 620, 780, 880, 1000, 900, 1080, 1060, 860, 780, 640, 740]));
    // The cash-flow chart's first bar is year 0's −28 160.
    expect(values.some((v) => v.includes('-28160'))).toBe(true);
  });

  it('draws the plan with custom-geometry shapes: one module sub-path per module', async () => {
    const { xml, slides } = await open(input());
    const layout = xml(slides[3]);
    expect(layout).toContain('<a:custGeom>');
    // 1 building + 2 faces + 1 obstacle + 16 modules + 4 cable paths = 24 sub-paths.
    expect(layout.match(/<a:moveTo>/g)).toHaveLength(24);
  });

  it('writes Chinese in Microsoft YaHei and English decks in English', async () => {
    const zh = await open(input('zh'));
    expect(zh.xml(zh.slides[1])).toContain('typeface="Microsoft YaHei"');
    const en = await open(input('en'));
    expect(en.slideText(4)).toContain('Annual energy');
    expect(en.slideText(0)).toContain('PV system design report');
  });

  it('puts the organisation’s logo, colour and name on the master when a template is set', async () => {
    expect(imageInfo(PNG)).toEqual({ mime: 'image/png', width: 1, height: 1 });
    const plain = await open(input());
    expect(Object.keys(plain.files).some((n) => /^ppt\/media\/.+/.test(n))).toBe(false);
    const t = await open(input('zh', { name: '阳光能源有限公司', logo: PNG, colour: '#1565c0' }));
    const master = t.xml('ppt/slideMasters/slideMaster1.xml');
    const layouts = Object.keys(t.files).filter((n) => /^ppt\/slideLayouts\/slideLayout\d+\.xml$/.test(n)).map(t.xml);
    expect([master, ...layouts].join('')).toContain('1565C0');
    expect([master, ...layouts].flatMap((x) => texts(x, 'a:t'))).toContain('阳光能源有限公司 · 上海浦东屋顶光伏项目');
    expect(Object.keys(t.files).some((n) => /^ppt\/media\/.+\.png$/.test(n))).toBe(true);
    expect(t.slideText(0)).toContain('阳光能源有限公司');
  });

  it('writes the shared report fixture (tests/fixtures/reports) with its hand-worked figures', async () => {
    const { slideText } = await open(reportInputFixture('feasibility', 'zh'));
    expect(slideText(0)).toContain(FIXTURE.name);
    expect(slideText(0)).toContain('光伏项目可行性研究报告');
    expect(slideText(2)).toContain(FIXTURE.capacity);
    expect(slideText(4)).toContain('13,915 kWh');
    // PR = 13 915 / 16 940 = 82.1 %
    expect(slideText(4)).toContain('82.1 %');
  });
});
