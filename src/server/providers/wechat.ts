// WeChat QR sign-in behind one interface. Default: the sandbox provider — a dev page on this server
// stands in for the phone's scan (anyone can sign in as any sandbox user: development only; the
// answer and the start-up banner say so). When configured: the WeChat Open Platform website
// application (OAuth 2.0 authorization code, scope snsapi_login), see wechat-open.ts.
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

const SANDBOX_PREFIX = 'sandbox.';

/** Stand-in for WeChat: the code is the profile itself, minted by the sandbox page. */
export class SandboxWeChat implements WeChatProvider {
  readonly kind = 'sandbox';
  constructor(private readonly publicUrl: string) {}

  authorizeUrl(state: string, redirectUri: string): string {
    const q = new URLSearchParams({ state, redirect_uri: redirectUri });
    return `${this.publicUrl}/api/auth/wechat/sandbox/authorize?${q}`;
  }

  async exchange(code: string): Promise<WeChatProfile> {
    if (!code.startsWith(SANDBOX_PREFIX)) throw new Error('invalid code');
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(code.slice(SANDBOX_PREFIX.length), 'base64url').toString('utf8'));
    } catch {
      throw new Error('invalid code');
    }
    const p = parsed as Partial<Record<'openid' | 'nickname', unknown>>;
    if (typeof p.openid !== 'string' || !/^[\w-]{1,64}$/.test(p.openid)) throw new Error('invalid code');
    const nickname = typeof p.nickname === 'string' ? p.nickname.slice(0, 64) : null;
    return { openid: `sandbox-${p.openid}`, unionid: null, nickname, headImgUrl: null };
  }

  /** The code the sandbox page hands to the callback for a chosen sandbox user. */
  static mintCode(openid: string, nickname: string | null): string {
    return SANDBOX_PREFIX + Buffer.from(JSON.stringify({ openid, nickname }), 'utf8').toString('base64url');
  }
}

export function createWeChatProvider(config: WeChatConfig, publicUrl: string): WeChatProvider | null {
  if (config.kind === 'none') return null;
  if (config.kind === 'sandbox') return new SandboxWeChat(publicUrl);
  return new WeChatOpen(config);
}
