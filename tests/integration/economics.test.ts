// The Load, storage and Economy steps' documents through the API (issue 16): each saved only in its
// schema's shape (400 naming the field, nothing stored), the Load step's read with its chart (worked
// by hand for a constant and a custom day), changing the load clears a configured storage only after
// confirmation (spec 001 §4), xlsx load files made here with exceljs (spec 000 §5 'Please upload a
// file in xlsx format'; the bad cell named by row and column), and the tariff list's 12 × 24 forms and
// templates.
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { advancedEconomicDoc, economicDoc, energyStorageDoc, powerLoadDoc } from './economics-fixture.ts';
import { describeWithDatabases, type TestApp } from './harness.ts';
import { multipartBody, newProject } from './project-helpers.ts';

/** An xlsx workbook of one sheet with these rows. */
async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('Load').addRows(rows);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function project(t: TestApp) {
  const { token } = await t.signUp();
  const h = t.bearer(token);
  const id = await newProject(t, token, { powerStationType: 'COMMERCIAL', basicInfo: { powerStatOperationMode: 1 } });
  const save = (url: string, version: number, data: unknown, extra: Record<string, unknown> = {}) =>
    t.inject({ method: 'POST', url: `/api/web${url}`, headers: h, payload: { projectId: id, version, data, ...extra } });
  const read = async (url: string) => (await t.inject({ method: 'GET', url: `/api/web${url}?projectId=${id}`, headers: h })).json().data;
  const upload = (file: { name: string; bytes: Buffer }, query = '', lang = 'en') => {
    const body = multipartBody([file]);
    return t.inject({ method: 'POST', url: `/api/web/project/power-load/upload?projectId=${id}${query}`, headers: { ...h, ...body.headers, lang }, payload: body.payload });
  };
  return { token, h, id, save, read, upload };
}

describeWithDatabases('economics: documents, load, tariffs', (t) => {
  it("refuses documents out of their schema, naming the field, and stores nothing ('discountRate': 'banana', issue 16)", async () => {
    const { save, read } = await project(t);
    const bad: [string, string, unknown, string, string?][] = [
      ['/project/economic-analysis-params/save', '/project/economic-analysis-params/get', economicDoc({ discountRatePct: 'banana' }), 'data.discountRatePct', 'data.discountRatePct: Format incorrect'],
      // the free JSON stored before: not an economic document at all
      ['/project/economic-analysis-params/save', '/project/economic-analysis-params/get', { discountRate: 'banana' }, 'data.kind'],
      ['/project/economic-analysis-params/save', '/project/economic-analysis-params/get', economicDoc({ vatPct: 130 }), 'data.vatPct', 'data.vatPct: needs to be between 0 and 100'],
      ['/project/economic-analysis-params/save', '/project/economic-analysis-params/get', economicDoc({ tariff: { kind: 'tou', prices: { peak: 1 }, periods: [] } }), 'data.tariff.periods'],
      ['/advanced-ecnomic/insert', '/advanced-ecnomic/original-value', advancedEconomicDoc({ taxHoliday: '3 and 3' }), 'data.taxHoliday'],
      ['/energyStorage/save', '/energyStorage/get', energyStorageDoc({ socMinPct: 96 }), 'data.socMinPct', 'data.socMinPct: The discharge cut-off SOC must be lower than the charge cut-off SOC'],
      ['/energyStorage/save', '/energyStorage/get', energyStorageDoc({ capacityKwh: 1_000_000 }), 'data.capacityKwh', 'data.capacityKwh: needs to be between 0 and 999999'],
      ['/project/update-powerLoadConfig-page', '/project/get-powerLoadConfig-page', powerLoadDoc({ model: 'nuclear' }), 'data.model'],
      ['/project/update-powerLoadConfig-page', '/project/get-powerLoadConfig-page', powerLoadDoc({ model: 'custom' }), 'data.dayKw', 'data.dayKw: This field is required'],
    ];
    for (const [url, get, data, field, msg] of bad) {
      const res = await save(url, 0, data);
      expect(res.statusCode, field).toBe(400);
      expect(res.json(), field).toMatchObject({ code: 400, data: { error: 'VALIDATION', field } });
      if (msg) expect(res.json().msg).toBe(msg);
      expect(await read(get), field).toMatchObject({ version: 0, data: null });
    }
    // The same documents in shape are kept, fields the schema does not name included.
    expect((await save('/project/economic-analysis-params/save', 0, economicDoc({ note: 'kept' }))).json()).toMatchObject({ code: 200, data: { version: 1 } });
    expect((await read('/project/economic-analysis-params/get')).data).toMatchObject({ discountRatePct: 6, note: 'kept' });
  });

  it('reads the load with its chart: monthly totals and the mean day of each month, worked by hand', async () => {
    const { save, read, token } = await project(t);
    expect(await read('/project/get-powerLoadConfig-page')).toMatchObject({ version: 0, data: null, chart: null });
    // Constant 87,600 kWh a year: 10 kW every hour; January 31 × 24 × 10 = 7,440 kWh, February 6,720.
    expect((await save('/project/update-powerLoadConfig-page', 0, powerLoadDoc({ annualKwh: 87_600 }))).json()).toMatchObject({ code: 200, msg: 'Saved', data: { version: 1, storageCleared: false } });
    const c = (await read('/project/get-powerLoadConfig-page')).chart;
    expect(c.annualKwh).toBeCloseTo(87_600, 6);
    expect(c.monthlyKwh[0]).toBeCloseTo(7_440, 6);
    expect(c.monthlyKwh[1]).toBeCloseTo(6_720, 6);
    expect(c.peakKw).toBeCloseTo(10, 9);
    for (const day of c.typicalDayKw) for (const kw of day) expect(kw).toBeCloseTo(10, 9);
    // Custom: the typical day 0, 1, … 23 kW kept as it is (annual 0): January 31 × Σ(0…23) = 31 × 276 = 8,556 kWh;
    // every month's mean day is the day itself, the peak 23 kW at hour 23.
    const dayKw = Array.from({ length: 24 }, (_, h) => h);
    await save('/project/update-powerLoadConfig-page', 1, powerLoadDoc({ model: 'custom', annualKwh: 0, dayKw }));
    const custom = (await read('/project/get-powerLoadConfig-page')).chart;
    expect(custom.monthlyKwh[0]).toBeCloseTo(8_556, 6);
    expect(custom.annualKwh).toBeCloseTo(365 * 276, 6);
    expect(custom.typicalDayKw[6]).toEqual(dayKw);
    expect(custom).toMatchObject({ peakKw: 23, peakHour: 23 });
    // The share read has the chart too.
    const { id, h } = { id: (await read('/project/get-powerLoadConfig-page')).projectId, h: t.bearer(token) };
    const key = (await t.inject({ method: 'POST', url: '/api/web/project/share', headers: h, payload: { projectId: id, days: 7 } })).json().data.shareKey as string;
    const shared = (await t.inject({ method: 'GET', url: `/api/web/project/get-powerLoadConfig-page-md5?shareKey=${key}` })).json().data;
    expect(shared).toMatchObject({ version: 2, data: { model: 'custom' }, chart: { peakKw: 23 } });
  });

  it('changing the load clears a configured storage only when the client confirms; a stale load save is 409', async () => {
    const { save, read } = await project(t);
    await save('/project/update-powerLoadConfig-page', 0, powerLoadDoc());
    expect((await save('/energyStorage/save', 0, energyStorageDoc())).json().code).toBe(200);
    const changed = powerLoadDoc({ annualKwh: 120_000 });
    const refused = await save('/project/update-powerLoadConfig-page', 1, changed);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 409,
      msg: 'Changing the load clears the configured energy storage: confirm to save the load and clear the storage',
      data: { error: 'LOAD_CLEARS_STORAGE', field: 'clearStorage' },
    });
    // Nothing changed.
    expect(await read('/project/get-powerLoadConfig-page')).toMatchObject({ version: 1, data: { annualKwh: 87_600 } });
    expect(await read('/energyStorage/get')).toMatchObject({ version: 1, data: { capacityKwh: 200 } });
    // Saving the same load again changes nothing the storage depends on.
    expect((await save('/project/update-powerLoadConfig-page', 1, powerLoadDoc())).json()).toMatchObject({ code: 200, data: { version: 2, storageCleared: false } });
    expect((await read('/energyStorage/get')).version).toBe(1);
    // Confirmed: the load saved and the storage cleared together.
    expect((await save('/project/update-powerLoadConfig-page', 2, changed, { clearStorage: true })).json()).toMatchObject({ code: 200, data: { version: 3, storageCleared: true } });
    expect(await read('/energyStorage/get')).toMatchObject({ version: 2, data: null });
    // A client still holding the old storage is stale.
    expect((await save('/energyStorage/save', 1, energyStorageDoc())).json()).toMatchObject({ code: 409, data: { error: 'STALE_VERSION', currentVersion: 2 } });
    // A disabled storage is not configured: the load changes without asking.
    await save('/energyStorage/save', 2, energyStorageDoc({ enabled: false }));
    expect((await save('/project/update-powerLoadConfig-page', 3, powerLoadDoc({ annualKwh: 5_000 }))).json()).toMatchObject({ code: 200, data: { storageCleared: false } });
    expect(await read('/energyStorage/get')).toMatchObject({ version: 3, data: { enabled: false } });
    // Stale.
    expect((await save('/project/update-powerLoadConfig-page', 1, powerLoadDoc())).json()).toMatchObject({ code: 409, data: { error: 'STALE_VERSION', currentVersion: 4 } });
  });

  it('reads xlsx load files made here: hourly year with header and index, 12 × 24 saved at once, 96 quarter-hour kWh', async () => {
    const { upload, read, save } = await project(t);
    // 8760 hours: 2 kW in hours 0–11 and 4 kW in 12–23 → 365 × (12 × 2 + 12 × 4) = 26,280 kWh.
    const hourly = [['Hour', 'Load (kW)'], ...Array.from({ length: 8760 }, (_, h) => [h + 1, h % 24 < 12 ? 2 : 4])];
    const res = await upload({ name: 'factory 2024.xlsx', bytes: await xlsx(hourly) });
    expect(res.json().code, res.body).toBe(200);
    const a = res.json().data;
    expect(a).toMatchObject({ layout: 'hourly-year', skippedRows: 1, skippedColumns: 1, saved: null });
    expect(a.document).toMatchObject({ kind: 'power-load', source: 'upload', model: 'custom', upload: { fileName: 'factory 2024.xlsx', layout: 'hourly-year' } });
    expect(a.document.annualKwh).toBeCloseTo(26_280, 9);
    expect(a.chart.typicalDayKw[3]).toEqual([...new Array(12).fill(2), ...new Array(12).fill(4)]);
    // Not saved without a version.
    expect(await read('/project/get-powerLoadConfig-page')).toMatchObject({ version: 0, data: null });

    // 12 months × 24 hours, month m at (m + 1) kW all day: January 31 × 24 × 1 = 744 kWh, December
    // 31 × 24 × 12 = 8,928; saved with version 0.
    const monthDay = Array.from({ length: 12 }, (_, m) => new Array(24).fill(m + 1));
    const saved = (await upload({ name: 'months.XLSX', bytes: await xlsx(monthDay) }, '&version=0')).json();
    expect(saved).toMatchObject({ code: 200, msg: 'Saved', data: { layout: 'month-day', saved: { version: 1, storageCleared: false } } });
    const stored = await read('/project/get-powerLoadConfig-page');
    expect(stored).toMatchObject({ version: 1, data: { source: 'upload', upload: { layout: 'month-day' } } });
    expect(stored.chart.monthlyKwh[0]).toBeCloseTo(744, 9);
    expect(stored.chart.monthlyKwh[11]).toBeCloseTo(8_928, 9);

    // With a storage configured the upload asks for confirmation like the save.
    await save('/energyStorage/save', 0, energyStorageDoc());
    const day96 = [new Array(96).fill(0.25)];
    expect((await upload({ name: 'meter.xlsx', bytes: await xlsx(day96) }, '&version=1&unit=kWh')).json()).toMatchObject({ code: 409, data: { error: 'LOAD_CLEARS_STORAGE' } });
    expect((await read('/project/get-powerLoadConfig-page')).version).toBe(1);
    // 96 quarter hours of 0.25 kWh: 1 kWh each hour, 8,760 kWh a year.
    const meter = (await upload({ name: 'meter.xlsx', bytes: await xlsx(day96) }, '&version=1&unit=kWh&clearStorage=true')).json();
    expect(meter).toMatchObject({ code: 200, data: { layout: 'quarter-hour-day', saved: { version: 2, storageCleared: true } } });
    expect(meter.data.document.annualKwh).toBeCloseTo(8_760, 9);
    expect(await read('/energyStorage/get')).toMatchObject({ data: null });
  });

  it("refuses anything but xlsx with the spec's message, and names the first bad cell", async () => {
    const { upload, read } = await project(t);
    const xlsxOnly = { code: 400, msg: 'Please upload a file in xlsx format', data: { error: 'LOAD_XLSX_ONLY', field: 'file' } };
    expect((await upload({ name: 'load.csv', bytes: Buffer.from('hour,kW\n1,2\n') })).json()).toEqual(xlsxOnly);
    expect((await upload({ name: 'load.xlsx', bytes: Buffer.from('hour,kW\n1,2\n') })).json()).toEqual(xlsxOnly);
    // A real workbook under another name (an .xls upload) is refused too.
    expect((await upload({ name: 'load.xls', bytes: await xlsx([[1, 2]]) })).json()).toEqual(xlsxOnly);
    // A zip that is not a workbook.
    expect((await upload({ name: 'load.xlsx', bytes: Buffer.from('504b0304' + '00'.repeat(40), 'hex') })).json()).toEqual(xlsxOnly);
    // Row 16 (a header, then hours 1–14 and a 'n/a'), column B.
    const rows = [['Hour', 'kW'], ...Array.from({ length: 8760 }, (_, h) => [h + 1, h === 14 ? 'n/a' : 5])];
    const bad = (await upload({ name: 'load.xlsx', bytes: await xlsx(rows) })).json();
    expect(bad).toEqual({ code: 400, msg: "Load file, row 16, column B: 'n/a' is not a number", data: { error: 'LOAD_TABLE_INVALID', field: 'file' } });
    // A table of no known shape says what it found.
    const shape = (await upload({ name: 'load.xlsx', bytes: await xlsx([[1, 2, 3], [4, 5, 6]]) }, '&version=0')).json();
    expect(shape).toMatchObject({ code: 400, data: { error: 'LOAD_TABLE_INVALID', field: 'file' } });
    expect(shape.msg).toContain('found 2 rows × 3 columns');
    // The Chinese message names the cell the same way.
    expect((await upload({ name: 'load.xlsx', bytes: await xlsx(rows) }, '', 'zh-CN')).json().msg).toBe("负荷文件，第16行B列：'n/a' is not a number");
    expect((await upload({ name: 'load.csv', bytes: Buffer.from('1') }, '', 'zh-CN')).json().msg).toBe('请上传xlsx格式的文件');
    expect(await read('/project/get-powerLoadConfig-page')).toMatchObject({ version: 0, data: null });
  });

  it('lists each tariff scheme in its 12 × 24 form and the templates, marked as illustrative with their date', async () => {
    const { h } = await project(t);
    const scheme = {
      name: 'My factory TOU',
      kind: 'peak-valley',
      periods: [
        { name: 'peak', price: 1.2, hours: [[8, 11], [13, 22]] },
        { name: 'flat', price: 0.8, hours: [[11, 13]] },
        { name: 'valley', price: 0.3, hours: [[0, 8], [22, 24]] },
      ],
    };
    expect((await t.inject({ method: 'POST', url: '/api/web/electricity-price/add', headers: h, payload: scheme })).json().code).toBe(200);
    await t.inject({ method: 'POST', url: '/api/web/electricity-price/add', headers: h, payload: { name: 'Flat rate', kind: 'uniform', price: 0.65 } });
    const list = (await t.inject({ method: 'GET', url: '/api/web/electricity-price/list', headers: h })).json().data;
    const tou = list.list.find((s: { name: string }) => s.name === 'My factory TOU');
    expect(tou).toMatchObject({ template: false, tariff: { kind: 'tou', prices: { peak: 1.2, flat: 0.8, valley: 0.3 } } });
    expect(tou.tariff.periods).toHaveLength(12);
    expect(tou.tariff.periods[6]).toEqual([...new Array(8).fill('valley'), 'peak', 'peak', 'peak', 'flat', 'flat', ...new Array(9).fill('peak'), 'valley', 'valley']);
    expect(list.list.find((s: { name: string }) => s.name === 'Flat rate')).toMatchObject({ template: false, tariff: { kind: 'uniform', price: 0.65 } });
    expect(list.templates.map((x: { id: string }) => x.id)).toEqual(['example-uniform', 'example-evening-peak', 'example-midday-valley']);
    for (const x of list.templates) {
      expect(x).toMatchObject({ template: true, illustrative: true });
      expect(x.source).toContain('not current');
    }
    const evening = list.templates[1];
    expect(evening.source).toContain('2021');
    // The evening template: 9 valley hours (0.3), 7 flat (0.7), 8 peak (1.2) a day; in January, July,
    // August and December 2 of the peak hours are a 1.44 critical peak. Day means 17.2 / 24 and
    // 17.68 / 24; weighted by 124 and 241 days: (124 × 17.68 + 241 × 17.2) / 24 / 365 = 0.72346.
    expect(evening.averagePrice).toBe(0.7235);
    expect(list.templates[0]).toMatchObject({ tariff: { kind: 'uniform', price: 0.65 }, averagePrice: 0.65 });
    // A template's tariff is what the economic document takes.
    const { save } = await project(t);
    expect((await save('/project/economic-analysis-params/save', 0, economicDoc({ tariff: evening.tariff }))).json().code).toBe(200);
  });
});
