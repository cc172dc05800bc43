// Random secrets: session tokens, tickets, verification codes, and their stored SHA-256 digests.
import { createHash, randomBytes, randomInt } from 'node:crypto';

/** A URL-safe random secret of `bytes` bytes of entropy. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Hex SHA-256: how tokens, tickets and codes are stored (a stolen table reveals none of them). */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A 6-digit verification code, uniformly random. */
export function randomCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}
