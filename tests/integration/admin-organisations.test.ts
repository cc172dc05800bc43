// The operator's organisation commands (`npm run admin -- org …`, src/server/admin/): an organisation
// made for a registered account, which then enters the enterprise edition as its super administrator
// and sees the opening pool in its detail and a 'grant' line in its credits history; a later grant
// adds to it (a membership extended from its end); the list; and the refusals, each naming its option,
// made before anything is written.
import { expect, it } from 'vitest';
import { DAY } from '../../src/server/clock.ts';
import { runAdmin } from '../../src/server/admin/cli.ts';
import { AdminInputError, OrganisationsAdmin } from '../../src/server/admin/organisations-admin.ts';
import { orgHeaders, serviceUser } from './enterprise-helpers.ts';
import { describeWithDatabases, type TestApp } from './harness.ts';

const admin = (t: TestApp) => (argv: string[]) => runAdmin(argv, async () => ({ orgs: new OrganisationsAdmin(t.db, t.clock), close: async () => {} }));

describeWithDatabases('operator commands for organisations', (t) => {
  it('makes an organisation for a registered account with its opening pool; its owner sees it; a grant adds to it', async () => {
    const owner = await serviceUser(t);
    const phone = String(owner.body.phone);
    const made = (await admin(t)(['org', 'create', '--name', ' Acme Solar ', '--owner', phone, '--seats', '5', '--photo-credits', '500', '--project-credits', '3', '--membership-days', '365'])) as { enterpriseId: number; code: string };
    expect(made).toMatchObject({ name: 'Acme Solar', owner: phone, members: 1, seats: 5, photoCredits: 500, projectCredits: 3 });
    expect(made.code).toMatch(/^E\d{8}$/);

    const h = orgHeaders(t, owner.token, made.enterpriseId);
    const choices = (await t.inject({ method: 'GET', url: '/api/user/enterprise/get-enterprise-list', headers: t.bearer(owner.token) })).json().data;
    expect(choices.list).toEqual([expect.objectContaining({ enterpriseId: made.enterpriseId, isAdministrator: true })]);
    const detail = (await t.inject({ method: 'GET', url: '/api/user/enterprise/get-enterprise-detail', headers: h })).json().data;
    expect(detail).toMatchObject({ name: 'Acme Solar', seats: 5, photoCredits: 500, projectCredits: 3, membershipExpired: false });
    expect(Date.parse(detail.membershipExpiredDate)).toBe(t.clock.now().getTime() + 365 * DAY);

    t.clock.advance(5 * DAY);
    const after = await admin(t)(['org', 'grant', '--id', String(made.enterpriseId), '--photo-credits', '250', '--membership-days', '30']);
    // 365 days from 5 days ago → 360 left, plus 30.
    expect(after).toMatchObject({ photoCredits: 750, seats: 5, membershipExpiresAt: new Date(t.clock.now().getTime() + 390 * DAY).toISOString() });
    const log = (await t.inject({ method: 'GET', url: '/api/user/enterprise/credit-log?page=1&size=10', headers: h })).json().data.list;
    expect(log.filter((l: { changeType: string }) => l.changeType === 'grant').map((l: { photoCredits: number; membershipDays: number; operator: string }) => [l.photoCredits, l.membershipDays, l.operator])).toEqual([
      [250, 30, 'operator'],
      [500, 365, 'operator'],
    ]);

    const list = (await admin(t)(['org', 'list'])) as { enterpriseId: number }[];
    expect(list[0]).toMatchObject({ enterpriseId: made.enterpriseId, photoCredits: 750 });
  });

  it('refuses bad commands naming the option, and writes nothing', async () => {
    const count = async () => Number((await t.db.selectFrom('enterprises').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const refusals: [string[], string][] = [
      [['org', 'create', '--owner', '13900000000'], '--name'],
      [['org', 'create', '--name', 'X'], '--owner'],
      [['org', 'create', '--name', 'X', '--owner', '10000000000'], '--owner'],
      [['org', 'create', '--name', 'X', '--owner', '13900000000', '--seats', '0'], '--seats'],
      [['org', 'create', '--name', 'X', '--owner', '13900000000', '--photo-credits', '1e9'], '--photo-credits'],
      [['org', 'create', '--name', '   ', '--owner', '13900000000'], '--name'],
      [['org', 'grant', '--photo-credits', '5'], '--id'],
      [['org', 'grant', '--id', '999999', '--photo-credits', '5'], '--id'],
      [['org', 'grant', '--id', '1'], '--photo-credits'],
      [['org', 'create', '--name', 'X', '--owner', '13900000000', '--colour', 'red'], 'arguments'],
      [['org', 'delete'], 'command'],
    ];
    for (const [argv, option] of refusals) {
      const e = await admin(t)(argv).then(
        () => null,
        (err: unknown) => err,
      );
      expect(e, argv.join(' ')).toBeInstanceOf(AdminInputError);
      expect((e as AdminInputError).option, argv.join(' ')).toBe(option);
    }
    expect(await count()).toBe(before);
  });
});
