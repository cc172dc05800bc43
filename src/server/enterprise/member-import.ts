// The personnel import (spec 001 §2 "Personnel information: add, import"; §7 "enterprise user
// template upload, get and clear"): the xlsx template to download, reading an uploaded workbook with
// exceljs (the project's xlsx library, docs STYLE.md), one member per row checked with the same rules
// as the add form (src/model/api/enterprise.ts addMemberBody), each row added or failed with its own
// message, and the report of the last import kept until it is cleared.
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import { addMemberBody, ENTERPRISE_LIMITS, importReportSchema, type ImportReport } from '../../model/api/enterprise.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { ApiError, apiError } from '../errors.ts';
import type { EnterpriseContext } from './context.ts';
import type { Members } from './members.ts';

/** The template's columns: header text (Chinese / English), the field, and an example. */
export const TEMPLATE_COLUMNS = [
  { header: '姓名 Name *', field: 'name', example: '张三', width: 18 },
  { header: '手机号 Mobile', field: 'phone', example: '13800000000', width: 18 },
  { header: '邮箱 E-mail', field: 'email', example: 'zhangsan@example.com', width: 28 },
  { header: '创建项目权限 Create projects (是/否 yes/no)', field: 'canCreateProject', example: '是', width: 30 },
  { header: '无人机照片额度 Drone photo quota', field: 'photoQuota', example: '0', width: 26 },
  { header: '席位 Seat (是/否 yes/no)', field: 'seat', example: '否', width: 22 },
] as const;

export const TEMPLATE_FILE_NAME = 'enterprise-personnel-template.xlsx';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The template workbook: a header row, one example row to overwrite, the rules in a second sheet. */
export async function templateWorkbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Personnel');
  ws.columns = TEMPLATE_COLUMNS.map((c) => ({ header: c.header, key: c.field, width: c.width }));
  ws.getRow(1).font = { bold: true };
  ws.addRow(Object.fromEntries(TEMPLATE_COLUMNS.map((c) => [c.field, c.example])));
  const notes = wb.addWorksheet('Notes');
  notes.addRows([
    ['每行一名成员；姓名必填，手机号与邮箱至少填写一项。', 'One member per row; the name is required, and a mobile number or an e-mail (or both).'],
    ['手机号：11位，以1开头，第二位为2-9。', 'Mobile: 11 digits, 1 then 2–9.'],
    ['无人机照片额度：0-999999，从企业额度中分配。', 'Drone photo quota: 0–999999, given from the enterprise credit.'],
    ['未注册的成员将收到短信或邮件邀请。', 'Unregistered members are invited by SMS or e-mail.'],
  ]);
  notes.getColumn(1).width = 50;
  notes.getColumn(2).width = 70;
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A cell's value as text (numbers as written, rich text joined, hyperlinks' text, formulas' result). */
function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((t) => t.text).join('').trim();
    if ('text' in v && typeof v.text === 'string') return v.text.trim();
    if ('result' in v) return cellText(v.result as ExcelJS.CellValue);
  }
  return String(v).trim();
}

const YES = new Set(['是', 'y', 'yes', 'true', '1', '有']);
const NO = new Set(['否', 'n', 'no', 'false', '0', '无', '']);

/** A yes/no cell: true, false, or null when unreadable. */
function yesNo(text: string, fallback: boolean): boolean | null {
  const t = text.trim().toLowerCase();
  if (t === '') return fallback;
  if (YES.has(t)) return true;
  if (NO.has(t)) return false;
  return null;
}

export interface ParsedRow {
  row: number;
  name: string;
  phone: string;
  email: string;
  raw: Record<string, string>;
}

/** The member rows of a workbook (empty rows and the example row skipped); throws UPLOAD_FAILED for an unreadable file. */
export async function readMemberRows(bytes: Buffer): Promise<ParsedRow[]> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw apiError('UPLOAD_FAILED', { reason: 'please upload the xlsx template' }, { field: 'file' });
  }
  const ws = wb.worksheets[0];
  if (!ws) throw apiError('UPLOAD_FAILED', { reason: 'the workbook has no sheet' }, { field: 'file' });
  // Columns by their header (the template's order by default), so that a reordered sheet still reads.
  const header = ws.getRow(1);
  const index = new Map<string, number>();
  TEMPLATE_COLUMNS.forEach((c, i) => {
    let found = i + 1;
    header.eachCell((cell, col) => {
      const t = cellText(cell.value).toLowerCase();
      if (t === c.header.toLowerCase() || t.startsWith(c.header.split(' ')[0].toLowerCase())) found = col;
    });
    index.set(c.field, found);
  });
  const rows: ParsedRow[] = [];
  const example = Object.fromEntries(TEMPLATE_COLUMNS.map((c) => [c.field, c.example]));
  for (let r = 2; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    const raw: Record<string, string> = {};
    for (const c of TEMPLATE_COLUMNS) raw[c.field] = cellText(row.getCell(index.get(c.field)!).value);
    if (Object.values(raw).every((v) => v === '')) continue;
    if (TEMPLATE_COLUMNS.every((c) => raw[c.field] === example[c.field])) continue;
    rows.push({ row: r, name: raw.name, phone: raw.phone, email: raw.email, raw });
    if (rows.length > ENTERPRISE_LIMITS.importMaxRows) {
      throw apiError('UPLOAD_FAILED', { reason: `at most ${ENTERPRISE_LIMITS.importMaxRows} members per file` }, { field: 'file' });
    }
  }
  if (rows.length === 0) throw apiError('UPLOAD_FAILED', { reason: 'the file has no member rows' }, { field: 'file' });
  return rows;
}

type RowOutcome = ImportReport['rows'][number];

export class MemberImport {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly members: Members,
  ) {}

  /** Reads the file, adds every valid row, keeps and returns the report. */
  async run(ctx: EnterpriseContext, bytes: Buffer, fileName: string | null, invite: boolean, ip: string | null): Promise<ImportReport> {
    const rows = await readMemberRows(bytes);
    const out: RowOutcome[] = [];
    const seen = new Map<string, number>();
    for (const r of rows) {
      const base = { row: r.row, name: r.name, phone: r.phone || null, email: r.email || null };
      const fail = (field: string | null, error: string): void => void out.push({ ...base, status: 'failed', field, error, memberId: null });
      const canCreateProject = yesNo(r.raw.canCreateProject, true);
      const seat = yesNo(r.raw.seat, false);
      if (canCreateProject === null) { fail('canCreateProject', 'Format incorrect'); continue; }
      if (seat === null) { fail('seat', 'Format incorrect'); continue; }
      const parsed = addMemberBody.safeParse({
        name: r.name,
        phone: r.phone,
        email: r.email,
        canCreateProject,
        seat,
        photoQuota: r.raw.photoQuota === '' ? 0 : r.raw.photoQuota,
        role: 'member',
        invite,
      });
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        fail(issue.path.map(String).join('.') || null, issue.message);
        continue;
      }
      // The same person twice in one file: the second row fails with the first row's number.
      const keys = [parsed.data.phone, parsed.data.email].filter((k): k is string => Boolean(k));
      const twice = keys.map((k) => seen.get(k)).find((x) => x !== undefined);
      if (twice !== undefined) { fail(parsed.data.phone ? 'phone' : 'email', `the same member as row ${twice}`); continue; }
      for (const k of keys) seen.set(k, r.row);
      try {
        const { member } = await this.members.add(ctx, parsed.data, ip);
        out.push({ ...base, status: 'added', field: null, error: null, memberId: member.id });
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        fail(err.details.field ?? null, err.message);
      }
    }
    const report: ImportReport = {
      fileName,
      total: out.length,
      added: out.filter((o) => o.status === 'added').length,
      failed: out.filter((o) => o.status === 'failed').length,
      rows: out,
      createTime: this.clock.now().toISOString(),
    };
    const now = this.clock.now();
    await this.db
      .insertInto('enterprise_member_imports')
      .values({ enterprise_id: ctx.enterpriseId, file_name: fileName, report: JSON.stringify(report), created_by: ctx.user.id, created_at: now })
      .onConflict((oc) => oc.column('enterprise_id').doUpdateSet({ file_name: fileName, report: JSON.stringify(report), created_by: ctx.user.id, created_at: now }))
      .execute();
    return report;
  }

  /** The last import's report, or null. */
  async last(enterpriseId: number): Promise<ImportReport | null> {
    const r = await this.db.selectFrom('enterprise_member_imports').select('report').where('enterprise_id', '=', enterpriseId).executeTakeFirst();
    return r ? importReportSchema.parse(JSON.parse(r.report)) : null;
  }

  async clear(enterpriseId: number): Promise<void> {
    await this.db.deleteFrom('enterprise_member_imports').where('enterprise_id', '=', enterpriseId).execute();
  }
}
