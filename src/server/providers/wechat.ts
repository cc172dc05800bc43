// WeChat QR sign-in behind one interface. Default: the sandbox provider — a dev page on this server
// (loopback only) stands in for the phone's scan (development only; NODE_ENV=production refuses it, the
// answer and the start-up banner say so). When configured: the WeChat Open Platform website
// application (OAuth 2.0 authorization code, scope snsapi_login), see wechat-open.ts.
import { createHash, randomBytes } from 'node:crypto';
import type { WeChatConfig } from '../config.ts';
import { WeChatOpen } from './wechat-open.ts';

/** The person behind a WeChat authorization. */
export interface WeChatProfile {
  openid: string;
  /** Same person across the developer's apps; null when the app is not bound to an Open Platform account. */
  unionid: string | null;
  nickname: string | null;
  headImgUrl: string | null;
}

export interface WeChatProvider {
  readonly kind: 'sandbox' | 'open';
  /** Where the browser shows the QR code (or the sandbox's stand-in page). */
  authorizeUrl(state: string, redirectUri: string): string;
  /** Exchanges the callback's `code` for the user's profile; throws with WeChat's errmsg on failure. */
  exchange(code: string): Promise<WeChatProfile>;
}

/** How long a code minted by the sandbox page can be exchanged [ms]. */
const SANDBOX_CODE_TTL = 5 * 60_000;
/** Most unexchanged sandbox codes kept; the oldest goes first. */
const SANDBOX_CODES_MAX = 10_000;

/**
 * Stand-in for WeChat. Its codes are one-time random values minted by the sandbox page and kept here,
 * like WeChat's own: the public callback accepts no code that merely names a profile (the old sandbox
 * code was the profile itself, so anyone could forge one for any existing sandbox openid and take the
 * account over). The openid is scoped to the browser that scans: `sandbox-<device tag>-<user id>`,
 * where the device tag is a digest of the browser's sandbox cookie (a random secret), so another
 * browser naming the same sandbox user id is another WeChat person.
 */
export class SandboxWeChat implements WeChatProvider {
  readonly kind = 'sandbox';
  private readonly codes = new Map<string, { profile: WeChatProfile; expiresAt: number }>();

  constructor(private readonly publicUrl: string) {}

  authorizeUrl(state: string, redirectUri: string): string {
    const q = new URLSearchParams({ state, redirect_uri: redirectUri });
    return `${this.publicUrl}/api/auth/wechat/sandbox/authorize?${q}`;
  }

  async exchange(code: string): Promise<WeChatProfile> {
    const minted = this.codes.get(code);
    this.codes.delete(code);
    if (!minted || minted.expiresAt <= Date.now()) throw new Error('invalid code');
    return minted.profile;
  }

  /** The sandbox page's scan: a one-time code for sandbox user `userId` of the browser holding `device`. */
  mintCode(device: string, userId: string, nickname: string | null): string {
    const now = Date.now();
    for (const [code, m] of this.codes) {
      if (m.expiresAt > now && this.codes.size < SANDBOX_CODES_MAX) break;
      this.codes.delete(code);
    }
    const code = randomBytes(24).toString('base64url');
    const openid = `sandbox-${sandboxDeviceTag(device)}-${userId}`;
    this.codes.set(code, { profile: { openid, unionid: null, nickname: nickname?.slice(0, 64) ?? null, headImgUrl: null }, expiresAt: now + SANDBOX_CODE_TTL });
    return code;
  }
}

/** A new secret for the sandbox's device cookie. */
export function newSandboxDevice(): string {
  return randomBytes(24).toString('base64url');
}

/** The part of a sandbox openid that names the browser (12 characters of the device secret's SHA-256). */
export function sandboxDeviceTag(device: string): string {
  return createHash('sha256').update(device).digest('base64url').slice(0, 12);
}

export function createWeChatProvider(config: WeChatConfig, publicUrl: string): WeChatProvider | null {
  if (config.kind === 'none') return null;
  if (config.kind === 'sandbox') return new SandboxWeChat(publicUrl);
  return new WeChatOpen(config);
}
