// Device credentials at rest (AES-256-GCM, NIST SP 800-38D): a sealed value opens to the original
// under the same key and context; any altered bit, another key or another context fails; the key
// file is made once and reused; a malformed PVSTUDIO_SECRET_KEY is an error; tokens are stored hashed.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashToken, loadSecretKey, newGatewayToken, parseSecretKey, SecretBox, SecretTamperError } from '../../../src/server/aiom/secrets.ts';

const KEY = Buffer.from('000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f', 'hex');

describe('SecretBox', () => {
  it('round-trips a connection and never shows the plain text in the sealed form', () => {
    const box = new SecretBox(KEY);
    const sealed = box.sealJson({ host: '10.0.0.7', port: 502, unitId: 3 }, 'aiom_devices.connection:INV1');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(sealed).not.toContain('10.0.0.7');
    expect(box.openJson(sealed, 'aiom_devices.connection:INV1')).toEqual({ host: '10.0.0.7', port: 502, unitId: 3 });
    // a random IV per seal: the same value seals differently
    expect(box.seal('x')).not.toBe(box.seal('x'));
  });

  it('detects tampering, another key and another context', () => {
    const box = new SecretBox(KEY);
    const sealed = box.seal('secret password', 'ctx');
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    for (const at of [0, 12, 27, raw.length - 1]) {
      const t = Buffer.from(raw);
      t[at] ^= 0x01;
      expect(() => box.open(`v1.${t.toString('base64url')}`, 'ctx')).toThrow(SecretTamperError);
    }
    expect(() => box.open(sealed, 'other')).toThrow(SecretTamperError);
    const other = Buffer.from(KEY);
    other[0] ^= 0xff;
    expect(() => new SecretBox(other).open(sealed, 'ctx')).toThrow(SecretTamperError);
    expect(() => box.open('v2.abc', 'ctx')).toThrow(SecretTamperError);
    expect(() => box.open(sealed.slice(0, 20), 'ctx')).toThrow(SecretTamperError);
  });
});

describe('the key', () => {
  it('is generated once in the data folder (mode 0600) and read back', () => {
    const dir = mkdtempSync(join(tmpdir(), 'o1-secret-'));
    try {
      const a = loadSecretKey({}, dir);
      const b = loadSecretKey({}, dir);
      expect(a.equals(b)).toBe(true);
      expect(a.length).toBe(32);
      expect(statSync(join(dir, 'secret.key')).mode & 0o777).toBe(0o600);
      expect(readFileSync(join(dir, 'secret.key'), 'utf8').trim()).toBe(a.toString('hex'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('comes from PVSTUDIO_SECRET_KEY (hex or base64); a malformed one is refused', () => {
    expect(loadSecretKey({ PVSTUDIO_SECRET_KEY: KEY.toString('hex') }, '/nonexistent').equals(KEY)).toBe(true);
    expect(loadSecretKey({ PVSTUDIO_SECRET_KEY: KEY.toString('base64') }, '/nonexistent').equals(KEY)).toBe(true);
    expect(() => loadSecretKey({ PVSTUDIO_SECRET_KEY: 'short' }, '/nonexistent')).toThrow(/PVSTUDIO_SECRET_KEY/);
    expect(parseSecretKey('zz')).toBeNull();
  });
});

describe('gateway tokens', () => {
  it('are 256 random bits and stored as SHA-256 hex', () => {
    const t = newGatewayToken();
    expect(t).toMatch(/^pvg_[A-Za-z0-9_-]{43}$/);
    expect(newGatewayToken()).not.toBe(t);
    // SHA-256("abc") (FIPS 180-2 appendix B.1)
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
