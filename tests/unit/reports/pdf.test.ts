// The PDF report read back by an independent reader, poppler's pdftotext / pdffonts: the Chinese
// project name, the capacity and annual energy of the hand-made fixture (tests/fixtures/reports/
// README.md: 22 × 550 W = 12.10 kWp, 13 915 kWh), the section titles of each kind, the loss line
// worked by hand, page numbers, and the embedded font being a subset far below the 10 MB full font.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ZodError } from 'zod';
import { describe, expect, it } from 'vitest';
import { writePdf } from '../../../src/reports/pdf/index.ts';
import { FIXTURE, reportInputFixture, reportModelFixture } from '../../fixtures/reports/report-model.ts';
import type { ReportKind } from '../../../src/model/report.ts';

const dir = mkdtempSync(join(tmpdir(), 'pvstudio-pdf-'));
function save(bytes: Uint8Array, name: string): string {
  const file = join(dir, name);
  writeFileSync(file, bytes);
  return file;
}
const text = (file: string) => execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });

const SECTIONS_ZH: Record<ReportKind, string[]> = {
  design: ['光伏系统设计报告', '项目地点', '气象资源', '系统配置', '组件布置图', '阴影分析', '组串设计', '电气单线图', '发电量', '损失图', '电气校验', '经济效益', '现金流量', '用电平衡', '节能减排'],
  evaluation: ['光伏项目评估报告', '项目地点', '系统配置', '发电量', '经济效益', '节能减排'],
  feasibility: ['光伏项目可行性研究报告', '项目概况', '设计依据', '项目地点', '组件布置图', '发电量', '损失图', '投资估算', '财务分析', '风险分析', '结论'],
  economic: ['光伏项目经济性分析报告', '项目概况', '投资估算', '经济效益', '现金流量', '结论'],
};

describe('writePdf', () => {
  for (const kind of ['design', 'evaluation', 'feasibility', 'economic'] as const) {
    it(`writes the ${kind} document in Chinese with the project's figures and its sections`, async () => {
      const pdf = await writePdf(reportInputFixture(kind, 'zh'));
      expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
      const t = text(save(pdf, `${kind}.pdf`));
      expect(t).toContain(FIXTURE.name);
      expect(t).toContain(FIXTURE.capacity);
      expect(t).toContain('13,915 kWh');
      for (const title of SECTIONS_ZH[kind]) expect(t, title).toContain(title);
      const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [join(dir, `${kind}.pdf`)], { encoding: 'utf8' }))![1]);
      expect(t).toContain(`第 2 页，共 ${pages} 页`);
      if (kind === 'evaluation') expect(pages).toBeLessThanOrEqual(4);
    });
  }

  it('prints the loss diagram and the monthly figures worked by hand, and the economics', async () => {
    const t = text(save(await writePdf(reportInputFixture('design', 'zh')), 'design-figures.pdf'));
    // irradiance and temperature: 1 016 kWh of the nominal 12.1 kWp × 1 400 kWh/m² = 16 940 kWh = 5.998 %
    expect(t).toContain('辐照度与温度损失');
    expect(t).toContain('−6.00 %');
    expect(t).toContain('16,940 kWh');
    // July: 0.115 × 13 915 = 1 600.2 kWh
    expect(t).toMatch(/七月\s+1,600/);
    // investment 12.1 kWp × 3.2 CNY/W; CO₂ 13 915 kWh × 0.5703 kg/kWh = 7.936 t
    expect(t).toContain('38,720 元');
    expect(t).toContain('7.94 t');
    // the single-line diagram names the inverter and both MPPT inputs
    expect(t).toContain('INV-1');
    expect(t).toContain('MPPT 2');
  });

  it('writes English labels and English number formats', async () => {
    const t = text(save(await writePdf(reportInputFixture('design', 'en')), 'design-en.pdf'));
    for (const s of ['PV system design report', 'Site', 'Layout', 'Loss diagram', 'Electrical checks', 'Cash flow', 'CO2 savings', 'Page 2 of', FIXTURE.name, '12.10 kWp', '13,915 kWh', 'July']) expect(t, s).toContain(s);
  });

  it('embeds Noto Sans SC as subsets far below the 10 MB full font', async () => {
    const pdf = await writePdf(reportInputFixture('design', 'zh'));
    expect(pdf.byteLength).toBeLessThan(1_000_000);
    const fonts = execFileSync('pdffonts', [save(pdf, 'fonts.pdf')], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean);
    expect(fonts.length).toBeGreaterThanOrEqual(1);
    for (const line of fonts) {
      // name "ABCDEF+NotoSansSC-…", then emb / sub / uni = yes yes yes
      expect(line).toMatch(/^[A-Z]{6}\+NotoSansSC-\S+\s.*\byes\s+yes\s+yes\b/);
    }
  });

  it('rejects a model that is not a report model, naming the field', async () => {
    const model = reportModelFixture() as unknown as { system: { capacityKwp: unknown } };
    model.system.capacityKwp = '12.1';
    const err = await writePdf({ ...reportInputFixture('design', 'zh'), model: model as never }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ZodError);
    expect(JSON.stringify((err as ZodError).issues[0].path)).toBe('["system","capacityKwp"]');
  });
});
