// The enterprise pages' pure rules: the company image checks before an upload (spec 001 §5 "Company
// logo: JPG or PNG, 170x40 pixels, at most 1 MB. Profile or cover image: one JPG or PNG, at most 2
// MB"), the dashboard's greeting by time of day and its proportions (spec 001 §2), where opening a
// project goes, and the enterprise forms' messages in both languages (spec 001 §5, §6).
import { describe, expect, it } from 'vitest';
import { ENTERPRISE_MESSAGES } from '../../../src/model/api/enterprise.ts';
import { dayPart, greetingKey } from '../../../src/web/components/enterprise/greeting.ts';
import { enterpriseMessageKey } from '../../../src/web/components/enterprise/form-messages.ts';
import { addMemberForm, companyForm, editMemberForm } from '../../../src/web/components/enterprise/form-rules.ts';
import { imageFormat, imageProblem } from '../../../src/web/components/enterprise/image-rules.ts';
import { projectUrl } from '../../../src/web/components/enterprise/project-link.ts';
import { percentOfLargest, percentOfTotal, topWithOther } from '../../../src/web/components/enterprise/shares.ts';
import { en } from '../../../src/web/i18n/en/index.ts';
import { zh } from '../../../src/web/i18n/zh/index.ts';
import { png } from '../../fixtures/png.ts';

const MB = 1024 * 1024;

describe('company images', () => {
  it('reads PNG and JPEG from their signatures, not from a name', () => {
    expect(imageFormat(new Uint8Array(png(170, 40, [67, 108, 245]).subarray(0, 16)))).toBe('png');
    // JPEG/JFIF start of image + APP0 marker (ITU-T T.81 / JFIF 1.02)
    expect(imageFormat(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]))).toBe('jpeg');
    // GIF89a and a text file are neither
    expect(imageFormat(new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0, 0, 0, 0]))).toBeNull();
    expect(imageFormat(new TextEncoder().encode('hello, world'))).toBeNull();
    expect(imageFormat(new Uint8Array([0x89, 0x50]))).toBeNull();
  });

  it('takes a logo of exactly 170 × 40 px and at most 1 MB', () => {
    const size = { width: 170, height: 40 };
    expect(imageProblem('logo', { format: 'png', bytes: 2048, size })).toBeNull();
    expect(imageProblem('logo', { format: 'jpeg', bytes: MB, size })).toBeNull();
    expect(imageProblem('logo', { format: 'png', bytes: MB + 1, size })).toBe('logoBytes');
    expect(imageProblem('logo', { format: 'png', bytes: 2048, size: { width: 340, height: 80 } })).toBe('logoSize');
    expect(imageProblem('logo', { format: 'png', bytes: 2048, size: { width: 40, height: 170 } })).toBe('logoSize');
    expect(imageProblem('logo', { format: 'png', bytes: 2048, size: null })).toBe('logoSize');
    expect(imageProblem('logo', { format: null, bytes: 2048, size })).toBe('type');
  });

  it('takes a PPT profile or cover image of any size up to 2 MB', () => {
    for (const kind of ['profile', 'cover'] as const) {
      expect(imageProblem(kind, { format: 'jpeg', bytes: 2 * MB, size: null })).toBeNull();
      expect(imageProblem(kind, { format: 'png', bytes: 2 * MB + 1, size: null })).toBe('templateBytes');
      expect(imageProblem(kind, { format: null, bytes: 10, size: null })).toBe('type');
    }
  });
});

describe('the dashboard', () => {
  it('greets by the part of the day (morning 5–10, noon 11–12, afternoon 13–17, evening 18–4)', () => {
    const parts = Array.from({ length: 24 }, (_, h) => dayPart(h));
    expect(parts.slice(0, 5).every((p) => p === 'evening')).toBe(true);
    expect(parts.slice(5, 11).every((p) => p === 'morning')).toBe(true);
    expect(parts.slice(11, 13).every((p) => p === 'noon')).toBe(true);
    expect(parts.slice(13, 18).every((p) => p === 'afternoon')).toBe(true);
    expect(parts.slice(18).every((p) => p === 'evening')).toBe(true);
    expect(() => dayPart(24)).toThrow(RangeError);
  });

  it('has a greeting of its own for the super administrator, in both languages', () => {
    expect(greetingKey('morning', 'super_admin')).toBe('enterprise.home.greetingSuper.morning');
    expect(greetingKey('evening', 'admin')).toBe('enterprise.home.greeting.evening');
    expect(zh.enterprise.home.greetingSuper.afternoon).toBe('下午好，超级管理员 {{name}}');
    expect(en.enterprise.home.greeting.morning).toBe('Good morning, {{name}}');
  });

  it('splits residential and C&I and sizes the bars (worked: 3 and 1 projects → 75 % and 25 %)', () => {
    expect(percentOfTotal([3, 1])).toEqual([75, 25]);
    expect(percentOfTotal([0, 0])).toEqual([0, 0]);
    expect(percentOfLargest([8, 2, 4])).toEqual([100, 25, 50]);
    expect(percentOfLargest([])).toEqual([]);
    const rows = [
      { province: 'Zhejiang', projects: 5, capacity: 120 },
      { province: 'Jiangsu', projects: 3, capacity: 80 },
      { province: 'Anhui', projects: 2, capacity: 10.5 },
      { province: 'Hubei', projects: 1, capacity: 4 },
    ];
    expect(topWithOther(rows, 2, (projects, capacity) => ({ province: 'other', projects, capacity }))).toEqual([rows[0], rows[1], { province: 'other', projects: 3, capacity: 14.5 }]);
    expect(topWithOther(rows, 4, () => ({ province: 'other', projects: 0, capacity: 0 }))).toEqual(rows);
  });
});

describe('opening a project of the enterprise lists', () => {
  it('goes to its first design step (manual variant kept) or, for O&M, its overview', () => {
    expect(projectUrl({ projectId: 12, reOrAiom: 'LITE' })).toBe('/setting/basic?id=12');
    expect(projectUrl({ projectId: 12, reOrAiom: 'LITE-RE' })).toBe('/setting/basic?id=12&reOrAiom=LITE-RE');
    expect(projectUrl({ projectId: 12, reOrAiom: 'AIOM' })).toBe('/aiomSetting/summary?id=12');
  });
});

describe('the spec texts of the enterprise edition', () => {
  it('carries them verbatim', () => {
    expect(en.enterprise.noRights.text).toBe('The current user does not have the rights of enterprise version, you can contact customer service!');
    expect(en.enterprise.noRights.text).toBe(ENTERPRISE_MESSAGES.notEnterprise);
    expect(en.enterprise.people.deleteConfirm).toBe(ENTERPRISE_MESSAGES.deleteMemberConfirm);
    expect(zh.enterprise.live.lost).toBe(ENTERPRISE_MESSAGES.connectionLost);
    expect(en.library.statusUpdated).toBe(ENTERPRISE_MESSAGES.statusUpdated);
  });

  it('shows the shared rules’ messages in the interface language', () => {
    expect(enterpriseMessageKey(ENTERPRISE_MESSAGES.memberNameRequired)).toBe('enterprise.people.nameRequired');
    expect(en.enterprise.people.nameRequired).toBe(ENTERPRISE_MESSAGES.memberNameRequired);
    expect(en.enterprise.people.reachRequired).toBe(ENTERPRISE_MESSAGES.memberReachRequired);
    expect(enterpriseMessageKey('Mobile format is incorrect')).toBe('validation.phoneFormat');
    expect(enterpriseMessageKey('Please enter the manufacturer English or Chinese name')).toMatch(/^library\.messages\./);
    expect(enterpriseMessageKey('some server message')).toBeNull();
  });
});

describe('the enterprise forms', () => {
  const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => (r.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

  it('a company needs a name; its e-mail, if any, in the account rule’s format', () => {
    expect(messages(companyForm.safeParse({ name: '  ' }))).toEqual(['name: This field is required']);
    expect(messages(companyForm.safeParse({ name: 'Blue Sky', email: 'not-an-address' }))).toEqual(['email: The mailbox format is incorrect']);
    expect(companyForm.safeParse({ name: 'Blue Sky', email: '', phone: '', address: '' }).success).toBe(true);
  });

  it('a new member needs a name and a mobile number (11 digits, 1 then 2–9) or an e-mail', () => {
    expect(messages(addMemberForm.safeParse({ name: '', phone: '', email: '' }))).toEqual(['name: Please enter personnel name', 'phone: Please enter the mobile number or the e-mail']);
    expect(messages(addMemberForm.safeParse({ name: 'Wang Fang', phone: '11345678901' }))).toEqual(['phone: Mobile format is incorrect']);
    expect(messages(addMemberForm.safeParse({ name: 'Wang Fang', email: 'wang@' }))).toEqual(['email: The mailbox format is incorrect']);
    const ok = addMemberForm.safeParse({ name: ' Wang Fang ', phone: '13912345678', email: '' });
    expect(ok.data).toMatchObject({ name: 'Wang Fang', phone: '13912345678', canCreateProject: true, photoQuota: 0, seat: false, role: 'member', invite: true });
  });

  it('a member’s drone photo quota is a whole number from 0 to 999999', () => {
    expect(messages(editMemberForm.safeParse({ photoQuota: 1_000_000 }))).toEqual(['photoQuota: needs to be between 0 and 999999']);
    expect(messages(editMemberForm.safeParse({ photoQuota: -1 }))).toEqual(['photoQuota: needs to be between 0 and 999999']);
    expect(editMemberForm.safeParse({ photoQuota: 999_999, seat: true }).success).toBe(true);
  });
});
