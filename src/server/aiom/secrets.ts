// Device credentials at rest (issue 21 "aiom": Modbus connections, gateway secrets; O2's
// decrypt/decryptKey opens them): AES-256-GCM authenticated encryption (NIST SP 800-38D) with
// Node's crypto — a random 96-bit IV per message, the 128-bit tag checked on opening, and optional
// associated data binding a sealed value to its place (e.g. the device's serial), so a value copied
// to another row or altered in any bit fails to open. The 256-bit key comes from PVSTUDIO_SECRET_KEY
// (64 hex digits or 44 base64 characters) or from a key file generated once in the data folder
// (<dataDir>/secret.key, mode 0600). Gateway tokens are random 256-bit values stored only as their
// SHA-256 hash.
import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_BYTES = 32;

/** A sealed value that does not open: tampered, sealed under another key or for another place. */
export class SecretTamperError extends Error {
  constructor() {
    super('the sealed value does not open (altered, or sealed under another key or context)');
    this.name = 'SecretTamperError';
  }
}

/** Parses a key given as 64 hex digits or base64 of 32 bytes; null if it is neither. */
export function parseSecretKey(text: string): Buffer | null {
  const t = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(t)) return Buffer.from(t, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(t)) {
    const b = Buffer.from(t.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (b.length === KEY_BYTES) return b;
  }
  return null;
}

/**
 * The server's key: PVSTUDIO_SECRET_KEY when set (a malformed value is an error, not a silent
 * fallback), else `<dataDir>/secret.key`, created with a random key on first use.
 */
export function loadSecretKey(env: NodeJS.ProcessEnv, dataDir: string): Buffer {
  const fromEnv = env.PVSTUDIO_SECRET_KEY;
  if (fromEnv !== undefined && fromEnv.trim() !== '') {
    const key = parseSecretKey(fromEnv);
    if (!key) throw new Error('PVSTUDIO_SECRET_KEY must be 64 hex digits or the base64 of 32 bytes');
    return key;
  }
  const file = join(dataDir, 'secret.key');
  try {
    const key = parseSecretKey(readFileSync(file, 'utf8'));
    if (key) return key;
    throw new Error(`${file} does not hold a 32-byte key (64 hex digits)`);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const key = randomBytes(KEY_BYTES);
  mkdirSync(dataDir, { recursive: true });
  // 'wx': never overwrite a key another process wrote meanwhile (then read that one).
  try {
    writeFileSync(file, key.toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
    return key;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return loadSecretKey({}, dataDir);
  }
}

/** Seals and opens strings with one key. */
export class SecretBox {
  private readonly key: Buffer;
  constructor(key: Buffer) {
    if (key.length !== KEY_BYTES) throw new Error(`the key must be ${KEY_BYTES} bytes`);
    this.key = Buffer.from(key);
  }

  /** 'v1.' + base64url(iv ‖ tag ‖ ciphertext); `context` (associated data) must be given again to open. */
  seal(plain: string, context = ''): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  /** The plain text, or SecretTamperError. */
  open(sealed: string, context = ''): string {
    const [version, payload] = sealed.split('.', 2);
    if (version !== VERSION || !payload) throw new SecretTamperError();
    const raw = Buffer.from(payload, 'base64url');
    if (raw.length < IV_BYTES + TAG_BYTES) throw new SecretTamperError();
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    try {
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretTamperError();
    }
  }

  sealJson(value: unknown, context = ''): string {
    return this.seal(JSON.stringify(value), context);
  }

  openJson<T>(sealed: string, context = ''): T {
    return JSON.parse(this.open(sealed, context)) as T;
  }
}

/** A new gateway token: 'pvg_' + 43 base64url characters (256 random bits). */
export function newGatewayToken(): string {
  return `pvg_${randomBytes(32).toString('base64url')}`;
}

/** The stored form of a token: SHA-256, hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Constant-time comparison of two hex hashes. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
