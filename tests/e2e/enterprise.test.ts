// End to end: the enterprise edition (issue 20; spec 000 §2 /enterprise and the header, §4 "Enterprise
// live access", §8 '连接已断开，请重新进入项目'; spec 001 §2, §6) in a real Chromium against the real
// server, with two browser contexts: a personal user entering /enterprise is told they lack the
// rights and led to the personal edition; an organisation's super administrator (made through the
// service layer, as an operator makes one) enters the enterprise edition, sees the dashboard, adds a
// member by mobile number (invited by an SMS sign-in code through the dev outbox); the member signs
// in with that code (registering) and enters the enterprise project list; the administrator grants
// them a project, the member opens it (the live connection is granted and listed by the socket
// existence check), the administrator revokes it and the member is sent out with the spec's text.
// Then the administration pages: the dashboard's province map (or its fallback without WebGL) with a
// project counted in its province, the credits history with the operator's grant, a company (required name, e-mail format, a logo of the wrong size
// refused in the browser, the right one shown), a system module switched off ('Status Updated
// Successfully') and one copied into the organisation's library, the personnel template downloaded,
// filled and uploaded (one row added, one refused with its message), and a member removed after the
// spec's confirmation.
// Needs /usr/bin/chromium (`apt-get install -y chromium`): without it this test FAILS, it never skips.
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EnterpriseCredits } from '../../src/server/enterprise/credits.ts';
import { Organisations } from '../../src/server/enterprise/organisations.ts';
import { png } from '../fixtures/png.ts';
import { createAccount, newPhone, openPage, overlaysSettled, shot, signInWithPassword, useE2E, type AppPage } from './harness.ts';

const FLOW = { timeout: 300_000 };
const e2e = useE2E();

async function userIdOf(phone: string): Promise<number> {
  return (await e2e().app.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()).id;
}

/** The newest code the dev outbox holds for a phone (the invitation's SMS sign-in code). */
async function lastCode(recipient: string): Promise<string> {
  const row = await e2e().app.db.selectFrom('outbox').select('body').where('recipient', '=', recipient).orderBy('id', 'desc').executeTakeFirst();
  const m = row && /code is (\d{6})/.exec(row.body);
  if (!m) throw new Error(`no code in the outbox for ${recipient}`);
  return m[1];
}

/** A signed-in super administrator of a new organisation, inside the enterprise edition (its home). */
async function administratorPage(name: string): Promise<AppPage & { enterpriseId: number; adminId: number }> {
  const { app } = e2e();
  const admin = await createAccount(app);
  const adminId = await userIdOf(admin.phone);
  const { enterpriseId } = await new Organisations(app.db, app.clock).create(name, adminId, { seats: 5 });
  const p = await openPage(e2e(), '/login');
  await signInWithPassword(p, admin.phone, admin.password);
  await p.page.waitForURL(/\/home\/list/);
  await userMenu(p.page, 'enter-enterprise');
  await p.page.waitForURL(/\/enterprise\/home$/);
  return { ...p, enterpriseId, adminId };
}

/** Opens the user menu and picks an item (after the drop-down has finished opening). */
async function userMenu(page: Page, item: string): Promise<void> {
  await page.getByTestId('user-menu').click();
  await overlaysSettled(page);
  await page.getByTestId(item).click();
}

describe('enterprise edition', FLOW, () => {
  it('tells a personal user the enterprise edition needs rights, with the way to the personal edition', async () => {
    const { phone, password } = await createAccount(e2e().app);
    const p = await openPage(e2e(), '/login');
    const { page } = p;
    await signInWithPassword(p, phone, password);
    await page.waitForURL(/\/home\/list/);
    await userMenu(page, 'enter-enterprise');
    await page.getByTestId('no-enterprise-rights').getByText('The current user does not have the rights of enterprise version, you can contact customer service!').waitFor();
    // no enterprise menu for a personal user
    expect(await page.getByTestId('enterprise-menu').count()).toBe(0);
    await page.getByTestId('enter-personal').click();
    await page.waitForURL(/\/home\/list$/);
    expect(p.problems, p.problems.join('\n')).toEqual([]);
    await p.context.close();
  });

  it('an administrator invites a member and grants a project; the member opens it and is sent out when it is revoked', async () => {
    const { app } = e2e();
    const admin = await createAccount(app);
    const adminId = await userIdOf(admin.phone);
    const { enterpriseId } = await new Organisations(app.db, app.clock).create('Sunrise Solar Co.', adminId, { seats: 5 });
    // one project of the organisation, made through the API with the administrator's session
    const { token } = await app.services.sessions.create(adminId, 'full', {});
    const adminHeaders = { authorization: `Bearer ${token}`, isenterprise: 'true', enterpriseid: String(enterpriseId) };
    const made = await app.inject({
      method: 'POST',
      url: '/api/web/enterprise/project/new',
      headers: adminHeaders,
      payload: { name: 'Hangzhou warehouse rooftop', powerStationType: 'COMMERCIAL', address: 'Hangzhou', location: '120.155070,30.274084', gridType: '380V', basicInfo: { powerStatOperationMode: 3 } },
    });
    const projectId = (made.json() as { data: { projectId: number } }).data.projectId;
    expect(projectId).toBeGreaterThan(0);

    // ── the administrator enters the enterprise edition: the only organisation is chosen, the dashboard opens
    const a = await openPage(e2e(), '/login');
    const ap = a.page;
    await signInWithPassword(a, admin.phone, admin.password);
    await ap.waitForURL(/\/home\/list/);
    await userMenu(ap, 'enter-enterprise');
    await ap.waitForURL(/\/enterprise\/home$/);
    await ap.getByTestId('enterprise-greeting').getByText(/super administrator E2E/).waitFor();
    await expect.poll(() => ap.getByTestId('enterprise-total-projects').textContent()).toContain('1');
    await shot(ap, 'enterprise-home');
    expect(await ap.evaluate(() => [localStorage.getItem('enterpriseId'), localStorage.getItem('isEnterprise'), localStorage.getItem('isAdministrator')])).toEqual([String(enterpriseId), 'true', 'true']);

    // ── personnel: a member added by mobile number, invited by SMS (the dev outbox says it was not sent for real)
    await ap.getByTestId('enterprise-menu').getByText('Personnel information').click();
    await ap.waitForURL(/\/enterprise\/personList$/);
    await ap.getByTestId('member-add').click();
    await ap.getByTestId('member-form').waitFor();
    await overlaysSettled(ap);
    await ap.getByTestId('member-save').click();
    await ap.getByTestId('error-name').getByText('Please enter personnel name').waitFor();
    await ap.getByTestId('error-phone').getByText('Please enter the mobile number or the e-mail').waitFor();
    await ap.getByTestId('member-name').fill('Wang Fang');
    const memberPhone = newPhone('139');
    await ap.getByTestId('member-phone').fill(memberPhone);
    await ap.getByTestId('member-save').click();
    await ap.getByTestId('invitation-notice').getByText(/SMS not sent: SMS is not configured/).waitFor();
    const memberRow = ap.getByTestId('member-table').locator('tr', { hasText: 'Wang Fang' });
    await memberRow.getByText('Unregistered').waitFor();
    const member = await app.db.selectFrom('enterprise_members').select(['id']).where('enterprise_id', '=', enterpriseId).where('phone', '=', memberPhone).executeTakeFirstOrThrow();

    // ── the member signs in with the invitation's code (Chinese interface): the first sign-in registers
    const m = await openPage(e2e(), '/login', 'zh');
    const mp = m.page;
    const form = mp.getByTestId('sms-login-form');
    await form.getByTestId('phone').fill(memberPhone);
    await form.getByTestId('code').fill(await lastCode(memberPhone));
    await form.getByTestId('agree').check();
    await form.getByTestId('login-submit').click();
    await mp.waitForURL(/\/completeInfo/);
    await mp.getByTestId('info-name').fill('Wang Fang');
    await mp.getByTestId('info-submit').click();
    await mp.waitForURL(/\/home\/list$/);
    // a member entering the enterprise edition lands on the project list (the home is for administrators): nothing granted yet
    await userMenu(mp, 'enter-enterprise');
    await mp.waitForURL(/\/enterprise\/projectList$/);
    await mp.getByTestId('enterprise-project-table').locator('.ant-table-placeholder').waitFor();
    expect(await mp.getByTestId('enterprise-menu').getByText('企业首页').count()).toBe(0);

    // ── the administrator sees the member registered and grants the project
    await ap.reload();
    await memberRow.getByText('Normal').waitFor();
    await ap.getByTestId('enterprise-menu').getByText('Projects').click();
    await ap.waitForURL(/\/enterprise\/projectList$/);
    await ap.getByTestId(`project-permissions-${projectId}`).click();
    const grant = ap.getByTestId(`grant-${member.id}`);
    await grant.waitFor();
    await overlaysSettled(ap);
    expect(await grant.getAttribute('aria-checked')).toBe('false');
    await grant.click();
    await expect.poll(() => grant.getAttribute('aria-checked')).toBe('true');
    await ap.getByText('Saved').first().waitFor();

    // ── the member opens it: the live connection is granted, and the server lists it
    const memberId = await userIdOf(memberPhone);
    const granted = new Promise<void>((resolve) => {
      mp.on('websocket', (ws) => {
        if (!ws.url().endsWith(`/websocket/${projectId}/${memberId}/${enterpriseId}`)) return;
        ws.on('framereceived', (f) => {
          if (String(f.payload).includes('ACCESS_GRANTED')) resolve();
        });
      });
    });
    await mp.reload();
    await mp.getByTestId(`open-project-${projectId}`).click();
    await mp.waitForURL(new RegExp(`/setting/basic\\?id=${projectId}$`));
    await mp.getByTestId('information-step').waitFor();
    await granted;
    const socketOpen = async () => {
      const r = await app.inject({ method: 'GET', url: `/api/web/enterprise/socket/exists?uuid=${projectId}&userId=${memberId}`, headers: adminHeaders });
      return (r.json() as { data: { exists: boolean } }).data.exists;
    };
    await expect.poll(socketOpen).toBe(true);
    await shot(ap, 'enterprise-permissions');

    // ── the administrator revokes: the member is sent out with the spec's text, to the enterprise project list
    const sentOut = mp.getByText('连接已断开，请重新进入项目').waitFor({ timeout: 90_000 }).then(
      () => null,
      (e: unknown) => e,
    );
    await grant.click();
    await expect.poll(() => grant.getAttribute('aria-checked')).toBe('false');
    const missed = await sentOut;
    if (missed) throw missed;
    await mp.waitForURL(/\/enterprise\/projectList$/);
    await shot(mp, 'enterprise-sent-out');
    await mp.getByTestId('enterprise-project-table').locator('.ant-table-placeholder').waitFor();
    await expect.poll(socketOpen).toBe(false);

    expect(a.problems, a.problems.join('\n')).toEqual([]);
    expect(m.problems, m.problems.join('\n')).toEqual([]);
    await a.context.close();
    await m.context.close();
  });
});

describe('enterprise projects', FLOW, () => {
  it('an administrator creates a project inside the organisation from the enterprise project list', async () => {
    const { app } = e2e();
    const admin = await createAccount(app);
    const adminId = await userIdOf(admin.phone);
    const { enterpriseId } = await new Organisations(app.db, app.clock).create('Lakeside Energy Ltd.', adminId, { seats: 5 });
    const a = await openPage(e2e(), '/login');
    const ap = a.page;
    await signInWithPassword(a, admin.phone, admin.password);
    await ap.waitForURL(/\/home\/list/);
    await userMenu(ap, 'enter-enterprise');
    await ap.waitForURL(/\/enterprise\/home$/);
    await ap.getByTestId('enterprise-menu').getByText('Projects').click();
    await ap.waitForURL(/\/enterprise\/projectList$/);
    await ap.getByTestId('enterprise-project-table').locator('.ant-table-placeholder').waitFor();

    // New project → the new-project dialog → the Information step, saved inside the organisation.
    await ap.getByTestId('enterprise-new-project').click();
    await overlaysSettled(ap);
    await ap.getByTestId('plant-RESIDENTIAL').click();
    await expect.poll(() => ap.getByTestId('start-design').isEnabled()).toBe(true);
    await ap.getByTestId('start-design').click();
    await ap.waitForURL(/\/setting\/basic\?.*enterprise=1/);
    await ap.getByTestId('information-step').waitFor();
    await ap.getByTestId('project-name-input').fill('Lakeside villa roof');
    await ap.getByTestId('address-input').locator('input').fill('Suzhou');
    await ap.getByTestId('location-input').fill('120.585300,31.298900');
    await ap.getByTestId('save-information').click();
    await ap.waitForURL(/\/setting\/basic\?id=\d+/);
    const projectId = Number(new URL(ap.url()).searchParams.get('id'));
    const row = await app.db.selectFrom('enterprise_projects').selectAll().where('project_id', '=', projectId).executeTakeFirst();
    expect(row).toMatchObject({ enterprise_id: enterpriseId, created_by: adminId });

    // It is on the enterprise project list, and not on the personal one.
    await ap.goto(`${e2e().baseUrl}/enterprise/projectList`);
    await ap.getByTestId(`open-project-${projectId}`).waitFor();
    const { token } = await app.services.sessions.create(adminId, 'full', {});
    const personal = await app.inject({ method: 'GET', url: '/api/web/project/list?page=1&size=50', headers: { authorization: `Bearer ${token}` } });
    expect((personal.json() as { data: { list: { projectId: number }[] } }).data.list.map((p) => p.projectId)).not.toContain(projectId);
    expect(a.problems, a.problems.join('\n')).toEqual([]);
    await a.context.close();
  });
});

describe('enterprise administration', FLOW, () => {
  it('keeps the companies (logo checked in the browser), the equipment status and the personnel import and removal', async () => {
    const a = await administratorPage('Blue Sky Energy');
    const { page } = a;

    // ── the dashboard's province map: a project in Zhejiang (stored as the GB/T 2260 name) counted on the
    // map (or, without WebGL, its fallback) and in the list beside it
    const { app } = e2e();
    const { token } = await app.services.sessions.create(a.adminId, 'full', {});
    const made = await app.inject({
      method: 'POST',
      url: '/api/web/enterprise/project/new',
      headers: { authorization: `Bearer ${token}`, isenterprise: 'true', enterpriseid: String(a.enterpriseId) },
      payload: { name: 'Ningbo port canopy', powerStationType: 'COMMERCIAL', address: 'Ningbo', province: '浙江省', location: '121.550357,29.874556', gridType: '380V', basicInfo: { powerStatOperationMode: 3 } },
    });
    expect(made.statusCode).toBe(200);
    await page.getByTestId('enterprise-menu').getByText('Personnel information').click();
    await page.getByTestId('enterprise-menu').getByText('Enterprise home').click();
    await page.getByTestId('enterprise-provinces-row').filter({ hasText: 'Zhejiang' }).getByText('1 project').waitFor();
    const map = page.getByTestId('province-map');
    await expect.poll(() => map.getAttribute('data-state'), { timeout: 30_000 }).not.toBe('loading');
    if ((await map.getAttribute('data-state')) === 'ready') await map.getByTestId('province-map-label').filter({ hasText: 'Zhejiang 1' }).waitFor();
    else await map.getByTestId('province-map-failed').waitFor();
    await map.getByTestId('province-map-legend').getByText('Projects').waitFor();
    await shot(page, 'enterprise-province-map');

    // ── the credits history: a grant by the operator is listed
    await new EnterpriseCredits(app.db, app.clock).grant(a.enterpriseId, { photoCredits: 100, seats: 2, note: 'Welcome credit' });
    await page.getByTestId('enterprise-menu').getByText('Credits history').click();
    await page.waitForURL(/\/enterprise\/creditList$/);
    const grant = page.getByTestId('credit-table').locator('tr.ant-table-row', { hasText: 'Welcome credit' });
    await grant.getByText('Grant').waitFor();
    await grant.getByText('+100').waitFor();
    expect(await page.getByTestId('credit-table').locator('tbody tr.ant-table-row').count()).toBe(1);

    // ── a company: the name is required; then its logo must be 170 × 40 px
    await page.getByTestId('enterprise-menu').getByText('Company information').click();
    await page.getByTestId('company-add').click();
    await page.getByTestId('company-form').waitFor();
    await overlaysSettled(page);
    await page.getByTestId('company-save').click();
    await page.getByTestId('error-name').getByText('This field is required').waitFor();
    await page.getByTestId('company-name').fill('Blue Sky Hangzhou Branch');
    await page.getByTestId('company-email').fill('not-an-address');
    await page.getByTestId('company-save').click();
    await page.getByTestId('error-email').getByText('The mailbox format is incorrect').waitFor();
    await page.getByTestId('company-email').fill('office@bluesky.example.com');
    await page.getByTestId('company-save').click();
    // saved: the dialog stays open on the new company for its images
    const logo = page.getByTestId('company-image-logo');
    await logo.waitFor();
    await logo.locator('input[type=file]').setInputFiles({ name: 'logo-big.png', mimeType: 'image/png', buffer: png(340, 80, [67, 108, 245]) });
    await page.getByTestId('company-image-logo-error').getByText('The logo must be 170 × 40 pixels').waitFor();
    await logo.locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png(170, 40, [67, 108, 245]) });
    await page.getByTestId('company-image-logo-picture').waitFor();
    await expect.poll(() => page.getByTestId('company-image-logo-picture').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(170);
    await shot(page, 'enterprise-company');
    await page.keyboard.press('Escape');
    await page.getByTestId('company-table').getByText('Blue Sky Hangzhou Branch').waitFor();

    // ── equipment: a system module switched off for the organisation
    await page.getByTestId('enterprise-menu').getByText('Equipment information').click();
    const firstSwitch = page.getByTestId('enterprise-module-table').locator('button[role=switch]').first();
    await firstSwitch.waitFor();
    expect(await firstSwitch.getAttribute('aria-checked')).toBe('true');
    await firstSwitch.click();
    await page.getByText('Status Updated Successfully').waitFor();
    await expect.poll(() => firstSwitch.getAttribute('aria-checked')).toBe('false');
    // a system module copied into the organisation's library under another model name
    await page.getByTestId('enterprise-module-table').locator('[data-testid^="module-copy-"]').first().click();
    await page.getByTestId('module-form').waitFor();
    await overlaysSettled(page);
    await page.getByTestId('module-model').fill('BS-450 Enterprise');
    await page.getByTestId('module-save').click();
    await page.getByTestId('module-source').click();
    await overlaysSettled(page);
    await page.locator('.ant-select-item-option', { hasText: 'Enterprise' }).click();
    const own = page.getByTestId('enterprise-module-table').locator('tr', { hasText: 'BS-450 Enterprise' });
    await own.locator('.ant-tag', { hasText: 'Enterprise' }).waitFor();
    // the filter's request answers after the copy is already listed: wait for the filtered table, not the row
    await expect.poll(() => page.getByTestId('enterprise-module-table').locator('tbody tr.ant-table-row').count()).toBe(1);

    // ── personnel: the template downloaded, a filled one uploaded — one row added, one refused with its message
    await page.getByTestId('enterprise-menu').getByText('Personnel information').click();
    await page.getByTestId('member-import-panel').getByText('Import').click();
    const download = page.waitForEvent('download');
    await page.getByTestId('member-template-download').click();
    expect((await download).suggestedFilename()).toBe('personnel-template.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await (await download).path());
    const sheet = wb.worksheets[0];
    const good = newPhone('158');
    sheet.getRow(2).values = ['Li Na', good, '', '是', 0, '否'];
    sheet.getRow(3).values = ['Zhao Lei', '12345', '', '是', 0, '否'];
    const filled = Buffer.from(await wb.xlsx.writeBuffer());
    await page.getByTestId('member-import').locator('input[type=file]').setInputFiles({ name: 'people.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: filled });
    await page.getByTestId('member-import-summary').getByText('2 rows: 1 added, 1 failed').waitFor();
    await page.getByTestId('member-import-rows').getByText('Mobile format is incorrect').waitFor();
    await page.getByTestId('member-table').locator('tr', { hasText: 'Li Na' }).waitFor();
    // search by mobile number
    await page.getByTestId('member-search').locator('input').fill(good.slice(3));
    await page.getByTestId('member-search').locator('input').press('Enter');
    await expect.poll(() => page.getByTestId('member-table').locator('tbody tr.ant-table-row').count()).toBe(1);

    // ── removing a member asks first, with the spec's words
    const row = page.getByTestId('member-table').locator('tr', { hasText: 'Li Na' });
    await row.getByText('Delete').click();
    await page.getByTestId('delete-member-confirm').getByText('you are deleting a staff member, continue?').waitFor();
    await overlaysSettled(page);
    await page.locator('#confirm-delete-member').click();
    await page.getByTestId('member-table').locator('.ant-table-placeholder').waitFor();
    await shot(page, 'enterprise-personnel');

    expect(a.problems, a.problems.join('\n')).toEqual([]);
    await a.context.close();
  });
});
