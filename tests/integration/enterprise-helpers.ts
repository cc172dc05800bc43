// Helpers of the enterprise integration tests: an organisation made through the service layer (as an
// operator or the demo seed does: there is no public call that creates one), headers carrying the
// organisation (spec 000 §7: isEnterprise and enterpriseId), members added through the API, and tiny
// images of a chosen pixel size.
import { PNG } from 'pngjs';
import { EnterpriseCredits } from '../../src/server/enterprise/credits.ts';
import { Organisations } from '../../src/server/enterprise/organisations.ts';
import type { SignedIn, TestApp } from './harness.ts';

export interface Org {
  enterpriseId: number;
  owner: SignedIn;
  /** Headers of the owner (super administrator) in this organisation. */
  h: Record<string, string>;
}

/** The request headers of a member in an organisation. */
export function orgHeaders(t: TestApp, token: string, enterpriseId: number): Record<string, string> {
  return { ...t.bearer(token), isenterprise: 'true', enterpriseid: String(enterpriseId) };
}

/** A user with a password and a session, made through the services (no SMS: works with any provider). */
export async function serviceUser(t: TestApp): Promise<SignedIn> {
  const { phone, userId } = await t.createUser('Owner-pass-2024');
  const s = await t.app.services.sessions.create(userId, 'full', {});
  return { token: s.token, userId, body: { phone, userId } };
}

/** A new organisation with a super administrator, `seats` seats and `photoCredits` in its pool. */
export async function makeOrg(t: TestApp, name: string, pool: { seats?: number; photoCredits?: number } = {}): Promise<Org> {
  const owner = await serviceUser(t);
  const { enterpriseId } = await new Organisations(t.db, t.clock).create(name, owner.userId, { seats: pool.seats ?? 5 });
  if (pool.photoCredits) await new EnterpriseCredits(t.db, t.clock).grant(enterpriseId, { photoCredits: pool.photoCredits, note: 'test' });
  return { enterpriseId, owner, h: orgHeaders(t, owner.token, enterpriseId) };
}

/** Adds a member through the API (no invitation unless asked); returns the answer's data. */
export async function addMember(
  t: TestApp,
  org: Org,
  body: Record<string, unknown>,
  headers: Record<string, string> = org.h,
): Promise<{ member: { id: number; userId: number | null; status: string }; invitations: unknown[] }> {
  const r = await t.inject({ method: 'POST', url: '/api/user/enterprise/add-enterprise-user', headers, payload: { invite: false, ...body } });
  const b = r.json();
  if (b.code !== 200) throw new Error(`add member: ${r.body}`);
  return b.data;
}

/** Signs up a new user and adds them as a member ('normal' at once); returns the session and member id. */
export async function joinedMember(t: TestApp, org: Org, extra: Record<string, unknown> = {}): Promise<SignedIn & { memberId: number; h: Record<string, string> }> {
  const s = await t.signUp();
  const phone = s.body.phone as string;
  const { member } = await addMember(t, org, { name: `Member ${phone.slice(-4)}`, phone, ...extra });
  return { ...s, memberId: member.id, h: orgHeaders(t, s.token, org.enterpriseId) };
}

/** A PNG of the given pixel size. */
export function png(width: number, height: number): Buffer {
  const p = new PNG({ width, height });
  p.data.fill(200);
  return PNG.sync.write(p);
}

/**
 * The smallest JPEG header an image reader sizes: SOI, a baseline SOF0 frame header with the lines
 * and samples per line (ITU-T T.81 §B.2.2), EOI.
 */
export function jpegHeader(width: number, height: number): Buffer {
  return Buffer.from([
    0xff, 0xd8,
    0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03,
    0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01,
    0xff, 0xd9,
  ]);
}

/** A multipart body with one file field. */
export function multipartFile(bytes: Buffer, fileName: string, contentType: string): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----pvstudio${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
