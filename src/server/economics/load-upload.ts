// An uploaded load file (issue 16 item 1; spec 000 §5 'Please upload a file in xlsx format'): the
// first worksheet of an xlsx workbook read with exceljs (the project's xlsx library) into rows of
// cell values — row 1 and column A first, as the spreadsheet numbers them — and handed to the load
// table reader (src/economics/load-table.ts: 8760 hourly values, 35,040 quarter hours, 12 × 24,
// 365 × 24, 24 or 96 values of a day), whose first problem is answered with its row and column.
// Anything that is not an xlsx workbook (an .xls, a CSV, a renamed file) gets the spec's message.
import ExcelJS from 'exceljs';
import { parseLoadTable, type LoadTableOptions } from '../../economics/load-table.ts';
import type { LoadTableLayout, PowerLoadDocument } from '../../model/economics.ts';
import { powerLoadDocumentSchema } from '../../model/economics.ts';
import { apiError } from '../errors.ts';

/** An xlsx file is a zip archive: it starts with a local file header. */
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

export interface LoadFile {
  /** The 'power-load' document of the file (source 'upload', model 'custom'). */
  document: PowerLoadDocument;
  layout: LoadTableLayout;
  skippedRows: number;
  skippedColumns: number;
}

/** The cell values of a workbook's first worksheet; 400 LOAD_XLSX_ONLY when it is not an xlsx file. */
export async function worksheetRows(bytes: Buffer, fileName: string | null): Promise<unknown[][]> {
  const named = fileName === null || /\.xlsx$/i.test(fileName.trim());
  if (!named || bytes.length < 4 || ZIP_MAGIC.some((b, i) => bytes[i] !== b)) throw apiError('LOAD_XLSX_ONLY', {}, { field: 'file' });
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw apiError('LOAD_XLSX_ONLY', {}, { field: 'file' });
  }
  const ws = wb.worksheets[0];
  if (!ws) throw apiError('LOAD_TABLE_INVALID', { where: 'the workbook', whereZh: '工作簿', message: 'has no worksheet' }, { field: 'file' });
  // getSheetValues: 1-based rows of 1-based cells (index 0 unused), rows without cells absent.
  const sheet = ws.getSheetValues() as (ExcelJS.CellValue[] | undefined)[];
  const rows: unknown[][] = [];
  for (let r = 1; r < sheet.length; r++) rows.push(sheet[r] ? Array.from((sheet[r] as unknown[]).slice(1)) : []); // (holes → undefined)
  return rows;
}

/** The load of an xlsx file; 400 naming the first bad cell (row and column as the sheet shows them). */
export async function readLoadFile(bytes: Buffer, fileName: string | null, options: LoadTableOptions = {}): Promise<LoadFile> {
  const rows = await worksheetRows(bytes, fileName);
  const table = parseLoadTable(rows, options);
  if (!table.ok) {
    const { row, column, message } = table.error;
    const where = row !== undefined && column !== undefined ? `row ${row}, column ${column}` : 'the table';
    const whereZh = row !== undefined && column !== undefined ? `第${row}行${column}列` : '表格';
    throw apiError('LOAD_TABLE_INVALID', { where, whereZh, message }, { field: 'file' });
  }
  let annualKwh = 0;
  for (const v of table.hourlyKwh) annualKwh += v;
  const draft = {
    kind: 'power-load',
    version: 1,
    source: 'upload',
    model: 'custom',
    annualKwh,
    upload: { fileName: (fileName ?? 'load.xlsx').replaceAll('\u0000', '').trim().slice(0, 255), layout: table.layout, hourlyKwh: Array.from(table.hourlyKwh) },
  };
  const parsed = powerLoadDocumentSchema.safeParse(draft);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw apiError('LOAD_TABLE_INVALID', { where: 'the table', whereZh: '表格', message: `${issue.path.join('.')} ${issue.message}` }, { field: 'file' });
  }
  return { document: parsed.data, layout: table.layout, skippedRows: table.skippedRows, skippedColumns: table.skippedColumns };
}
