// WeChat Open Platform website application sign-in (网站应用微信登录), as documented by Tencent:
//   1. the browser opens  {authorize}/connect/qrconnect?appid&redirect_uri&response_type=code
//      &scope=snsapi_login&state#wechat_redirect  and the user scans the QR code with WeChat;
//   2. WeChat redirects to redirect_uri?code&state;
//   3. GET {api}/sns/oauth2/access_token?appid&secret&code&grant_type=authorization_code
//      → { access_token, expires_in, refresh_token, openid, scope, unionid } or { errcode, errmsg };
//   4. GET {api}/sns/userinfo?access_token&openid → { openid, nickname, headimgurl, unionid, … }.
import type { WeChatOpenConfig } from '../config.ts';
import type { WeChatProfile, WeChatProvider } from './wechat.ts';

interface WeChatError {
  errcode?: number;
  errmsg?: string;
}
interface TokenAnswer extends WeChatError {
  access_token?: string;
  openid?: string;
  unionid?: string;
}
interface UserInfoAnswer extends WeChatError {
  openid?: string;
  nickname?: string;
  headimgurl?: string;
  unionid?: string;
}

async function getJson<T extends WeChatError>(url: string): Promise<T> {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  // WeChat answers JSON with a text/plain content type: parse the text.
  const body = JSON.parse(await res.text()) as T;
  if (body.errcode) throw new Error(`errcode ${body.errcode}: ${body.errmsg ?? ''}`);
  return body;
}

export class WeChatOpen implements WeChatProvider {
  readonly kind = 'open';
  constructor(private readonly config: WeChatOpenConfig) {}

  authorizeUrl(state: string, redirectUri: string): string {
    const q = new URLSearchParams({
      appid: this.config.appId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'snsapi_login',
      state,
    });
    return `${this.config.authorizeUrl}?${q}#wechat_redirect`;
  }

  async exchange(code: string): Promise<WeChatProfile> {
    const api = this.config.apiUrl.replace(/\/+$/, '');
    const tokenQuery = new URLSearchParams({ appid: this.config.appId, secret: this.config.appSecret, code, grant_type: 'authorization_code' });
    const token = await getJson<TokenAnswer>(`${api}/sns/oauth2/access_token?${tokenQuery}`);
    if (!token.access_token || !token.openid) throw new Error('no access_token in the answer');
    const infoQuery = new URLSearchParams({ access_token: token.access_token, openid: token.openid });
    const info = await getJson<UserInfoAnswer>(`${api}/sns/userinfo?${infoQuery}`);
    return {
      openid: token.openid,
      unionid: info.unionid ?? token.unionid ?? null,
      nickname: info.nickname ?? null,
      headImgUrl: info.headimgurl ?? null,
    };
  }
}
