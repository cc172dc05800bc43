// The personnel import on both databases (issue 20 item 4; spec 001 §7 "enterprise user template
// upload, get and clear"): the template's columns, a filled workbook with good and bad rows — each
// row added or failed with its field and message —, the kept report, clearing it, and refusals.
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { addMember, joinedMember, makeOrg, multipartFile } from './enterprise-helpers.ts';
import { describeWithDatabases } from './harness.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function workbook(rows: (string | number | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Personnel');
  ws.addRow(['姓名 Name *', '手机号 Mobile', '邮箱 E-mail', '创建项目权限 Create projects (是/否 yes/no)', '无人机照片额度 Drone photo quota', '席位 Seat (是/否 yes/no)']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describeWithDatabases('enterprise: personnel import', (t) => {
  it('the template: an xlsx whose first sheet has the six columns', async () => {
    const org = await makeOrg(t, 'Template');
    const r = await t.inject({ method: 'GET', url: '/api/user/enterprise/user-template/download', headers: org.h });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe(XLSX);
    expect(r.headers['content-disposition']).toContain('.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const header = (wb.worksheets[0].getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(['姓名 Name *', '手机号 Mobile', '邮箱 E-mail', '创建项目权限 Create projects (是/否 yes/no)', '无人机照片额度 Drone photo quota', '席位 Seat (是/否 yes/no)']);
  });

  it('each row is added or fails with its own field and message; the report is kept until cleared', async () => {
    const org = await makeOrg(t, 'Import', { photoCredits: 10, seats: 5 });
    const existing = t.phone();
    await addMember(t, org, { name: 'Already', phone: existing });
    const p1 = t.phone();
    const file = await workbook([
      ['Zhang San', Number(p1), null, '是', 5, '否'],
      ['Li Si', null, 'lisi@corp.cn', 'no', null, 'yes'],
      ['Bad Phone', '12345', null, null, null, null],
      [null, t.phone(), null, null, null, null],
      ['Nobody', null, null, null, null, null],
      ['Twice', p1, null, null, null, null],
      ['Again', existing, null, null, null, null],
      ['Greedy', t.phone(), null, null, 50, null],
      ['Maybe', t.phone(), null, 'perhaps', null, null],
      [null, null, null, null, null, null],
    ]);
    const mp = multipartFile(file, 'people.xlsx', XLSX);
    const r = await t.inject({ method: 'POST', url: '/api/user/enterprise/user-template/upload?invite=false', headers: { ...org.h, ...mp.headers }, payload: mp.payload });
    const report = r.json().data;
    expect(r.json().code).toBe(200);
    expect(report).toMatchObject({ fileName: 'people.xlsx', total: 9, added: 2, failed: 7 });
    const byRow = Object.fromEntries(report.rows.map((x: { row: number }) => [x.row, x]));
    expect(byRow[2]).toMatchObject({ status: 'added', name: 'Zhang San', phone: p1 });
    expect(byRow[3]).toMatchObject({ status: 'added', email: 'lisi@corp.cn' });
    expect(byRow[4]).toMatchObject({ status: 'failed', field: 'phone', error: 'Mobile format is incorrect' });
    expect(byRow[5]).toMatchObject({ status: 'failed', field: 'name', error: 'Please enter personnel name' });
    expect(byRow[6]).toMatchObject({ status: 'failed', field: 'phone', error: 'Please enter the mobile number or the e-mail' });
    expect(byRow[7]).toMatchObject({ status: 'failed', field: 'phone', error: 'the same member as row 2' });
    expect(byRow[8]).toMatchObject({ status: 'failed', field: 'phone', error: expect.stringContaining('already a member') });
    expect(byRow[9]).toMatchObject({ status: 'failed', field: 'photoQuota', error: expect.stringContaining('not enough') });
    expect(byRow[10]).toMatchObject({ status: 'failed', field: 'canCreateProject' });
    const members = (await t.inject({ method: 'GET', url: '/api/user/enterprise/get-enterprise-user-list?keyword=Zhang', headers: org.h })).json().data.list;
    expect(members).toEqual([expect.objectContaining({ name: 'Zhang San', canCreateProject: true, photoQuota: 5, seat: false, status: 'unregistered' })]);
    const li = (await t.inject({ method: 'GET', url: '/api/user/enterprise/get-enterprise-user-list?keyword=lisi', headers: org.h })).json().data.list[0];
    expect(li).toMatchObject({ canCreateProject: false, seat: true });

    const kept = (await t.inject({ method: 'GET', url: '/api/user/enterprise/user-template/get', headers: org.h })).json().data.report;
    expect(kept).toEqual(report);
    expect((await t.inject({ method: 'POST', url: '/api/user/enterprise/user-template/clear', headers: org.h, payload: {} })).json().code).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/user/enterprise/user-template/get', headers: org.h })).json().data).toEqual({ report: null });
  });

  it('refusals: a member uploading, a file that is not xlsx, a sheet without rows', async () => {
    const org = await makeOrg(t, 'Refuse');
    const member = await joinedMember(t, org);
    const good = multipartFile(await workbook([['A', t.phone(), null, null, null, null]]), 'a.xlsx', XLSX);
    const byMember = await t.inject({ method: 'POST', url: '/api/user/enterprise/user-template/upload?invite=false', headers: { ...member.h, ...good.headers }, payload: good.payload });
    expect(byMember.json()).toMatchObject({ code: 400, data: { error: 'ENTERPRISE_ADMIN_REQUIRED' } });
    const text = multipartFile(Buffer.from('name,phone\nA,13900000000\n'), 'a.csv', 'text/csv');
    const notXlsx = await t.inject({ method: 'POST', url: '/api/user/enterprise/user-template/upload?invite=false', headers: { ...org.h, ...text.headers }, payload: text.payload });
    expect(notXlsx.json()).toMatchObject({ code: 400, data: { error: 'UPLOAD_FAILED', field: 'file' } });
    const empty = multipartFile(await workbook([]), 'empty.xlsx', XLSX);
    const none = await t.inject({ method: 'POST', url: '/api/user/enterprise/user-template/upload?invite=false', headers: { ...org.h, ...empty.headers }, payload: empty.payload });
    expect(none.json()).toMatchObject({ code: 400, msg: expect.stringContaining('no member rows') });
  });
});
