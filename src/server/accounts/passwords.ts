// Password hashing: Argon2id (RFC 9106) through @node-rs/argon2 with its defaults — 19 MiB memory,
// 2 passes, 1 lane: OWASP's minimum recommendation for Argon2id. Stored as the PHC string.
import { hash, verify } from '@node-rs/argon2';

/** The Argon2id PHC string of a password. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** True when `password` matches the stored PHC string (false for a malformed hash). */
export async function verifyPassword(phc: string, password: string): Promise<boolean> {
  try {
    return await verify(phc, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** Spends the time of one verification, so that an unknown account answers as slowly as a known one. */
export async function burnVerification(password: string): Promise<void> {
  dummy ??= hash('not-a-real-password-0');
  await verifyPassword(await dummy, password);
}
