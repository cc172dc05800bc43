// `pvstudio report` (src/cli/commands/report.ts; docs/ENGINE-API.md "report"): a project file → a report
// file on disk; a bad project file exits 2 naming the field; usage errors exit 2; the command is in the
// registry with its file's own summary, and answers through `serve`'s JSON form base64-encoded.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findCommand } from '../../../src/cli/commands/index.ts';
import { reportCommand, reportMain } from '../../../src/cli/commands/report.ts';
import { PROJECT_EXPORT_KIND } from '../../../src/model/project-export.ts';
import { demoBuildingDocument, demoDesign, demoLayoutDocument } from '../../../src/server/projects/demo-project.ts';

const dir = mkdtempSync(join(tmpdir(), 'pvstudio-report-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function io() {
  const out = { stdout: '', stderr: '' };
  return { out, io: { stdout: { write: (s: string) => (out.stdout += s) }, stderr: { write: (s: string) => (out.stderr += s) } } };
}

const project = {
  kind: PROJECT_EXPORT_KIND,
  version: 1,
  exportedAt: '2026-01-01T00:00:00Z',
  generator: 'test',
  project: { name: 'Demo house', address: null, latitude: 31.23, longitude: 121.47, elevation: null, details: {} },
  documents: { 'lite-re': demoBuildingDocument(), 'component-layout': demoLayoutDocument(demoDesign()) },
  equipment: { module: null, inverters: [] },
};

describe('pvstudio report', () => {
  it('writes a DXF of a project file', async () => {
    const file = join(dir, 'p.json');
    writeFileSync(file, JSON.stringify(project));
    const { out, io: streams } = io();
    const code = await reportMain([file, '--format', 'dxf', '-o', join(dir, 'p.dxf')], streams);
    expect(code, out.stderr).toBe(0);
    const text = readFileSync(join(dir, 'p.dxf'), 'latin1');
    expect(text).toContain('SECTION');
    expect(text).toContain('EOF');
  });

  it('exits 2 naming the field of a bad project file, and on usage errors', async () => {
    const bad = structuredClone(project) as typeof project & { documents: { 'component-layout': { arrays: { tilt: number }[] } } };
    bad.documents['component-layout'].arrays[0].tilt = 120;
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify(bad));
    const a = io();
    expect(await reportMain([file, '--format', 'pdf', '-o', join(dir, 'x.pdf')], a.io)).toBe(2);
    expect(JSON.parse(a.out.stderr)).toEqual({ error: 'invalid input', issues: [{ path: 'documents.component-layout.arrays.0.tilt', message: expect.any(String) }] });
    const b = io();
    writeFileSync(join(dir, 'kind.json'), JSON.stringify({ ...project, kind: 'other' }));
    expect(await reportMain([join(dir, 'kind.json'), '--format', 'pdf', '-o', join(dir, 'x.pdf')], b.io)).toBe(2);
    expect(JSON.parse(b.out.stderr).issues[0].path).toBe('kind');
    const c = io();
    expect(await reportMain([file, '--format', 'svg', '-o', join(dir, 'x.svg')], c.io)).toBe(2);
    expect(c.out.stderr).toContain('--format');
    expect(await reportMain([file, '--format', 'pdf'], io().io)).toBe(2);
  });

  it('is registered, and answers base64 through the JSON form', async () => {
    expect(findCommand('report')?.summary).toBe(reportCommand.summary);
    const out = (await reportCommand.run(reportCommand.input.parse({ project, format: 'dxf' }), { engine: () => Promise.reject(new Error('unused')) })) as { mime: string; bytes: number; base64: string };
    expect(out.mime).toBe('application/dxf');
    expect(Buffer.from(out.base64, 'base64').byteLength).toBe(out.bytes);
  });
});
