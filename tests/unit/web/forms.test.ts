// The web forms' schemas and their messages (spec 000 §5, 001 §5, docs/PRODUCT.md "Decisions"): what the
// user sees for each wrong input, in both languages, at the logic level (no DOM).
import { describe, expect, it } from 'vitest';
import { en } from '../../../src/web/i18n/en/index.ts';
import { zh } from '../../../src/web/i18n/zh/index.ts';
import {
  bindTargetForm,
  changePasswordForm,
  completeInfoForm,
  newPasswordForm,
  passwordLoginForm,
  resetIdentityForm,
  smsLoginForm,
} from '../../../src/web/forms/account-forms.ts';
import { MESSAGE_KEYS, messageKey } from '../../../src/web/forms/messages.ts';
import { EMPTY_PROJECT_INFO, formatLonLat, projectInfoForm } from '../../../src/web/forms/project-info.ts';
import { initialInfo, projectBody } from '../../../src/web/hooks/useInformationStep.ts';
import type { z } from 'zod';

/** The first message per field of a failed parse. */
function errors(schema: z.ZodType, value: unknown): Record<string, string> {
  const r = schema.safeParse(value);
  if (r.success) return {};
  const out: Record<string, string> = {};
  for (const i of r.error.issues) {
    const k = i.path.join('.');
    out[k] ??= i.message;
  }
  return out;
}

/** The same for the schemas with asynchronous checks (the password forms load the common-password list). */
async function errorsAsync(schema: z.ZodType, value: unknown): Promise<Record<string, string>> {
  const r = await schema.safeParseAsync(value);
  if (r.success) return {};
  const out: Record<string, string> = {};
  for (const i of r.error.issues) {
    const k = i.path.join('.');
    out[k] ??= i.message;
  }
  return out;
}

/** A message as the form shows it in `lang`. */
function shown(message: string, lang: 'en' | 'zh'): string {
  const key = messageKey(message);
  if (!key) return message;
  let node: unknown = lang === 'en' ? en : zh;
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  return node as string;
}

describe('sign-in forms', () => {
  it('phone + code: the phone rule (11 digits, 1 then 2–9), the 6-digit code, the agreement', () => {
    expect(errors(smsLoginForm, { phone: '', code: '', agree: false })).toEqual({
      phone: 'Please enter the correct phone number!',
      code: 'The verification code is 6 digits',
      agree: 'Please read and agree to the User Service Agreement',
    });
    for (const bad of ['11012345678', '1381234567', '138123456789', '23812345678']) expect(errors(smsLoginForm, { phone: bad, code: '123456', agree: true }).phone).toBe('Mobile format is incorrect');
    expect(errors(smsLoginForm, { phone: ' 13812345678 ', code: '123456', agree: true })).toEqual({});
  });

  it('password: the username is trimmed and required, the password required', () => {
    expect(errors(passwordLoginForm, { username: '   ', password: '', agree: true })).toEqual({ username: 'This field is required', password: 'This field is required' });
    const r = passwordLoginForm.parse({ username: '  a@b.cn ', password: 'x', agree: true });
    expect(r.username).toBe('a@b.cn');
  });
});

describe('password rules (docs/PRODUCT.md: 8–64 characters, at least two of letters, digits, symbols, not a common password; entries equal)', () => {
  const rule = 'The password must be 8 to 64 characters with at least two of letters, digits and symbols';
  it.each([
    ['abcde1!', false],
    ['abcde1!x', true],
    ['12345678', false],
    ['abcdefgh', false],
    ['!@#$%^&*', false],
    ['abc!@#de', true],
    ['1234567!', true],
    ['Ab1-'.repeat(16), true],
    ['Ab1-'.repeat(16) + 'x', false],
  ])('%s → valid %s', async (password, valid) => {
    const e = await errorsAsync(newPasswordForm, { password, confirmPassword: password });
    expect(e.password === rule).toBe(!valid);
  });

  it('a common password is refused with its own message; the two entries must match, on the confirmation field', async () => {
    expect(await errorsAsync(newPasswordForm, { password: 'Password1', confirmPassword: 'Password1' })).toEqual({ password: 'This password is too common, please choose another one' });
    expect(await errorsAsync(newPasswordForm, { password: 'Bright2025', confirmPassword: 'Bright2024' })).toEqual({ confirmPassword: 'The two entered passwords are inconsistent, please re-enter!' });
    expect(await errorsAsync(changePasswordForm, { code: '12345', password: 'Bright2025', confirmPassword: 'Bright2025' })).toEqual({ code: 'The verification code is 6 digits' });
  });
});

describe('other account forms', () => {
  it('forgot password takes a phone or an e-mail', () => {
    expect(errors(resetIdentityForm, { username: 'someone', code: '123456' })).toEqual({ username: 'Please enter the correct phone number or e-mail' });
    expect(errors(resetIdentityForm, { username: 'someone@example.com', code: '123456' })).toEqual({});
    expect(errors(resetIdentityForm, { username: '13912345678', code: '123456' })).toEqual({});
  });

  it('complete information: the name is required, the e-mail optional but well-formed', () => {
    expect(errors(completeInfoForm, { name: ' ', company: '', email: '' })).toEqual({ name: 'This item is required' });
    expect(errors(completeInfoForm, { name: 'Li', company: '', email: 'li@' })).toEqual({ email: 'The mailbox format is incorrect' });
    expect(completeInfoForm.parse({ name: 'Li', company: ' ACME ', email: 'Li@Example.COM' })).toEqual({ name: 'Li', company: 'ACME', email: 'li@example.com' });
  });

  it('binding checks the phone or the e-mail by the kind', () => {
    expect(errors(bindTargetForm('phone'), { target: 'a@b.cn', code: '123456' })).toEqual({ target: 'Mobile format is incorrect' });
    expect(errors(bindTargetForm('email'), { target: '13812345678', code: '123456' })).toEqual({ target: 'The mailbox format is incorrect' });
  });
});

describe('project information (spec 000 §5)', () => {
  const valid = { ...EMPTY_PROJECT_INFO, name: 'Roof', address: 'Shanghai', location: '121.4737,31.2304' };

  it('requires the project fields with "This field is required"', () => {
    const e = errors(projectInfoForm, { ...EMPTY_PROJECT_INFO });
    expect(e).toEqual({ name: 'This field is required', address: 'This field is required', location: 'This field is required' });
  });

  it.each([
    ['121.4737,31.2304', true],
    [' 121.4737 , 31.2304 ', true],
    ['-73.98,40.75', true],
    ['180,90', true],
    ['31.2304', false],
    ['121.4737;31.2304', false],
    ['181,31', false],
    ['121,91', false],
    ['east,north', false],
  ])("'lon,lat' %s → valid %s", (location, ok) => {
    const e = errors(projectInfoForm, { ...valid, location });
    expect(e.location).toBe(ok ? undefined : 'The latitude and longitude format is incorrect');
  });

  it('limits the maximum capacity to 0–999999 kW', () => {
    expect(errors(projectInfoForm, { ...valid, maxCapacity: 1_000_000 }).maxCapacity).toBe('needs to be between 0 and 999999');
    expect(errors(projectInfoForm, { ...valid, maxCapacity: -1 }).maxCapacity).toBe('needs to be between 0 and 999999');
    expect(errors(projectInfoForm, { ...valid, maxCapacity: null })).toEqual({});
  });

  it('turns the form into the create body: lat/lng from "lon,lat", the operation mode into basicInfo, no weather (the weather card owns it)', () => {
    const body = projectBody(projectInfoForm.parse({ ...valid, operationMode: 1 }), 'HIGH');
    expect(body).toMatchObject({ name: 'Roof', location: '121.4737,31.2304', lng: 121.4737, lat: 31.2304, basicInfo: { powerStatOperationMode: 1, schemeForm: 'HIGH' } });
    expect(body).not.toHaveProperty('weatherStation');
  });

  it("starts a new project from the dialog's choices, satellite by default", () => {
    expect(initialInfo(null, { powerStationType: 'RESIDENTIAL', surveyType: null, gridMode: 'LOW' })).toMatchObject({ powerStationType: 'RESIDENTIAL', surveyType: 'SATELLITE', gridType: '220V' });
    expect(initialInfo(null, { powerStationType: 'COMMERCIAL', surveyType: 'DRONE', gridMode: 'HIGH' })).toMatchObject({ powerStationType: 'COMMERCIAL', surveyType: 'DRONE', gridType: '380V' });
  });

  it("formats a map pick as 'lon,lat' that the form accepts", () => {
    const text = formatLonLat(121.473701, 31.230416);
    expect(text).toBe('121.473701,31.230416');
    expect(errors(projectInfoForm, { ...valid, location: text })).toEqual({});
  });
});

describe('messages in the interface language', () => {
  it('every validation message the forms produce has a catalogue key', async () => {
    const produced = new Set<string>();
    const collect = (schema: z.ZodType, value: unknown) => Object.values(errors(schema, value)).forEach((m) => produced.add(m));
    const collectAsync = async (schema: z.ZodType, value: unknown) => Object.values(await errorsAsync(schema, value)).forEach((m) => produced.add(m));
    collect(smsLoginForm, { phone: '', code: '', agree: false });
    collect(smsLoginForm, { phone: '1', code: '1', agree: true });
    collect(passwordLoginForm, { username: '', password: '', agree: false });
    await collectAsync(newPasswordForm, { password: 'a', confirmPassword: 'a' });
    await collectAsync(newPasswordForm, { password: 'password1', confirmPassword: 'password1' });
    await collectAsync(newPasswordForm, { password: 'abcde1!x', confirmPassword: 'abcde2!x' });
    collect(resetIdentityForm, { username: 'x', code: '' });
    collect(completeInfoForm, { name: '', company: '', email: 'x' });
    collect(projectInfoForm, { ...EMPTY_PROJECT_INFO, location: 'x', maxCapacity: -1 });
    collect(projectInfoForm, { ...EMPTY_PROJECT_INFO, powerStationType: 'X' });
    expect(produced.size).toBeGreaterThan(10);
    for (const m of produced) expect(messageKey(m), m).not.toBeNull();
  });

  it('shows them in Chinese and English', () => {
    expect(shown('This field is required', 'zh')).toBe('此项为必填项');
    expect(shown('The latitude and longitude format is incorrect', 'zh')).toBe('经纬度格式不正确');
    expect(shown('The latitude and longitude format is incorrect', 'en')).toBe('The latitude and longitude format is incorrect');
    expect(shown('Mobile format is incorrect', 'zh')).toBe('手机号格式不正确');
    // a message without a key (e.g. a server text) is shown as it is
    expect(shown('Something the server said', 'zh')).toBe('Something the server said');
  });

  it('maps every message to a key that exists', () => {
    for (const [message, key] of Object.entries(MESSAGE_KEYS)) {
      let node: unknown = en;
      for (const part of key.split('.')) node = (node as Record<string, unknown>)?.[part];
      expect(typeof node, `${message} → ${key}`).toBe('string');
    }
  });
});
