// Enterprise projects and permissions on both databases (issue 20 item 6): creating inside the
// organisation under the create-project permission, the enterprise project list per role, the access
// check (uuid → boolean), permission lists per project and per member, granting and revoking, and
// what removing a member takes away.
import { expect, it } from 'vitest';
import { addMember, joinedMember, makeOrg } from './enterprise-helpers.ts';
import { describeWithDatabases } from './harness.ts';

describeWithDatabases('enterprise: projects and permissions', (t) => {
  it('creator, administrators and granted members open a project; the others do not, until granted', async () => {
    const org = await makeOrg(t, 'Projects');
    const noCreate = await joinedMember(t, org, { canCreateProject: false });
    const creator = await joinedMember(t, org);
    const other = await joinedMember(t, org);

    const refused = await t.inject({ method: 'POST', url: '/api/web/enterprise/project/new', headers: noCreate.h, payload: { name: 'Nope', powerStationType: 'RESIDENTIAL' } });
    expect(refused.json()).toMatchObject({ code: 400, data: { error: 'ENTERPRISE_NO_CREATE_PERMISSION' } });
    const created = await t.inject({ method: 'POST', url: '/api/web/enterprise/project/new', headers: creator.h, payload: { name: 'Rooftop A', powerStationType: 'COMMERCIAL', capacity: 120 } });
    expect(created.json()).toMatchObject({ code: 200, data: { name: 'Rooftop A', capacity: 120 } });
    const projectId = created.json().data.projectId as number;

    const list = async (h: Record<string, string>) => (await t.inject({ method: 'GET', url: '/api/web/enterprise/project/list', headers: h })).json().data;
    const check = async (h: Record<string, string>) => (await t.inject({ method: 'GET', url: `/api/web/enterprise/project/access-check?uuid=${projectId}`, headers: h })).json().data;
    expect((await list(org.h)).list).toEqual([expect.objectContaining({ projectId, name: 'Rooftop A', creatorId: creator.userId, access: 'administrator' })]);
    expect((await list(creator.h)).list).toEqual([expect.objectContaining({ projectId, access: 'creator' })]);
    expect((await list(other.h)).total).toBe(0);
    expect(await check(org.h)).toBe(true);
    expect(await check(creator.h)).toBe(true);
    expect(await check(other.h)).toBe(false);

    // Permissions of the project: every registered member, with why they have access.
    const perms = (await t.inject({ method: 'GET', url: `/api/web/enterprise/project/permission/list?projectId=${projectId}`, headers: org.h })).json().data.list;
    const reasonOf = (userId: number) => perms.find((p: { userId: number }) => p.userId === userId)?.reason;
    expect(reasonOf(org.owner.userId)).toBe('administrator');
    expect(reasonOf(creator.userId)).toBe('creator');
    expect(reasonOf(other.userId)).toBe('none');
    expect(perms).toHaveLength(4);

    const grant = await t.inject({ method: 'POST', url: '/api/web/enterprise/project/permission/set', headers: org.h, payload: { grants: [{ projectId, memberId: other.memberId, granted: true }] } });
    expect(grant.json()).toEqual({ code: 200, msg: 'Saved', data: { changed: 1, revokedConnections: 0 } });
    expect(await check(other.h)).toBe(true);
    // The grant opens the project's own calls (detail, design documents), not only the check.
    const detail = async (h: Record<string, string>) => (await t.inject({ method: 'GET', url: `/api/web/project/detail?projectId=${projectId}`, headers: h })).json();
    const doc = async (h: Record<string, string>) => (await t.inject({ method: 'GET', url: `/api/web/project/component-layout/get?projectId=${projectId}`, headers: h })).json();
    expect(await detail(other.h)).toMatchObject({ code: 200, data: { projectId, name: 'Rooftop A' } });
    expect(await doc(other.h)).toMatchObject({ code: 200 });
    // …and its saves: the design documents are the granted member's to change too.
    const saveShadowTime = async (h: Record<string, string>, version: number) =>
      (await t.inject({ method: 'POST', url: '/api/web/project/shadowTime/save', headers: h, payload: { projectId, version, data: { hours: [9, 15] } } })).json();
    expect(await saveShadowTime(other.h, 0)).toMatchObject({ code: 200, data: { version: 1 } });
    expect(await saveShadowTime(noCreate.h, 1)).toMatchObject({ code: 404 });
    expect(await detail(noCreate.h)).toMatchObject({ code: 404 });
    expect((await list(other.h)).list).toEqual([expect.objectContaining({ projectId, access: 'granted' })]);
    const byMember = (await t.inject({ method: 'GET', url: `/api/web/enterprise/project/permission/list?memberId=${other.memberId}`, headers: org.h })).json().data.list;
    expect(byMember).toEqual([expect.objectContaining({ projectId, projectName: 'Rooftop A', granted: true, reason: 'grant' })]);

    // Members cannot see or set permissions; revoking takes the access away.
    expect((await t.inject({ method: 'GET', url: `/api/web/enterprise/project/permission/list?projectId=${projectId}`, headers: creator.h })).json()).toMatchObject({ code: 400, data: { error: 'ENTERPRISE_ADMIN_REQUIRED' } });
    const revoke = await t.inject({ method: 'POST', url: '/api/web/enterprise/project/permission/set', headers: org.h, payload: { grants: [{ projectId, memberId: other.memberId, granted: false }] } });
    expect(revoke.json().data.changed).toBe(1);
    expect(await check(other.h)).toBe(false);
    expect(await detail(other.h)).toMatchObject({ code: 404 });
    expect(await saveShadowTime(other.h, 1)).toMatchObject({ code: 404 });
    expect(await detail(org.h)).toMatchObject({ code: 200, data: { projectId } });
    // Revoking the creator's "grant" changes nothing: the creator keeps the project.
    const keep = await t.inject({ method: 'POST', url: '/api/web/enterprise/project/permission/set', headers: org.h, payload: { grants: [{ projectId, memberId: creator.memberId, granted: false }] } });
    expect(keep.json().data.changed).toBe(0);
    expect(await check(creator.h)).toBe(true);
  });

  it('rules of the settings: a project of another organisation, an unregistered member, an empty list', async () => {
    const org = await makeOrg(t, 'Rules P');
    const elsewhere = await makeOrg(t, 'Elsewhere');
    const p = (await t.inject({ method: 'POST', url: '/api/web/enterprise/project/new', headers: elsewhere.h, payload: { name: 'Theirs', powerStationType: 'RESIDENTIAL' } })).json().data.projectId;
    const mine = (await t.inject({ method: 'POST', url: '/api/web/enterprise/project/new', headers: org.h, payload: { name: 'Mine', powerStationType: 'RESIDENTIAL' } })).json().data.projectId;
    const member = await joinedMember(t, org);
    const pending = await addMember(t, org, { name: 'Pending', phone: t.phone() });
    const set = (grants: unknown[]) => t.inject({ method: 'POST', url: '/api/web/enterprise/project/permission/set', headers: org.h, payload: { grants } });
    expect((await set([{ projectId: p, memberId: member.memberId, granted: true }])).json()).toMatchObject({ code: 404, data: { field: 'grants.0.projectId' } });
    expect((await set([{ projectId: mine, memberId: pending.member.id, granted: true }])).json()).toMatchObject({ code: 400, data: { field: 'grants.0.memberId' } });
    expect((await set([])).json()).toMatchObject({ code: 400, data: { field: 'grants' } });
    expect((await t.inject({ method: 'GET', url: `/api/web/enterprise/project/access-check?uuid=${p}`, headers: org.h })).json().data).toBe(false);
    expect((await t.inject({ method: 'GET', url: '/api/web/enterprise/project/access-check?uuid=abc', headers: org.h })).json()).toMatchObject({ code: 400, data: { field: 'uuid' } });
    expect((await t.inject({ method: 'GET', url: '/api/web/enterprise/project/permission/list', headers: org.h })).json()).toMatchObject({ code: 400, data: { field: 'projectId' } });
  });

  it('an own personal project can be attached; a removed member loses grants and access', async () => {
    const org = await makeOrg(t, 'Attach');
    const personal = (await t.inject({ method: 'POST', url: '/api/web/project/new', headers: t.bearer(org.owner.token), payload: { name: 'Personal', powerStationType: 'RESIDENTIAL' } })).json().data.projectId;
    const personalList = async () => (await t.inject({ method: 'GET', url: '/api/web/project/list', headers: t.bearer(org.owner.token) })).json().data;
    expect((await personalList()).list.map((p: { projectId: number }) => p.projectId)).toEqual([personal]);
    const att = await t.inject({ method: 'POST', url: '/api/web/enterprise/project/attach', headers: org.h, payload: { projectId: personal } });
    expect(att.json()).toMatchObject({ code: 200 });
    // Attached, it is listed by the organisation, no longer among the personal projects.
    expect(await personalList()).toMatchObject({ total: 0, list: [] });
    const member = await joinedMember(t, org);
    const other = await joinedMember(t, org);
    // Someone else's project cannot be attached.
    expect((await t.inject({ method: 'POST', url: '/api/web/enterprise/project/attach', headers: other.h, payload: { projectId: personal } })).json().code).toBe(404);
    await t.inject({ method: 'POST', url: '/api/web/enterprise/project/permission/set', headers: org.h, payload: { grants: [{ projectId: personal, memberId: member.memberId, granted: true }] } });
    expect((await t.inject({ method: 'GET', url: `/api/web/enterprise/project/access-check?uuid=${personal}`, headers: member.h })).json().data).toBe(true);
    await t.inject({ method: 'POST', url: '/api/user/enterprise/delete-enterprise-user', headers: org.h, payload: { id: member.memberId } });
    const grants = await t.db.selectFrom('enterprise_project_grants').selectAll().where('user_id', '=', member.userId).execute();
    expect(grants).toEqual([]);
    expect((await t.inject({ method: 'GET', url: `/api/web/enterprise/project/access-check?uuid=${personal}`, headers: member.h })).json().code).toBe(402);
    // No live connection is open.
    const ex = await t.inject({ method: 'GET', url: `/api/web/enterprise/socket/exists?uuid=${personal}`, headers: org.h });
    expect(ex.json().data).toEqual({ exists: false, since: null });
    expect((await t.inject({ method: 'GET', url: `/api/web/enterprise/socket/exists?uuid=${personal}&userId=${org.owner.userId}`, headers: other.h })).json()).toMatchObject({ code: 400, data: { error: 'ENTERPRISE_ADMIN_REQUIRED' } });
  });
});
