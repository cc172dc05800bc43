// A fake WeChat Open Platform API speaking the documented website-application endpoints:
// GET /sns/oauth2/access_token and GET /sns/userinfo (JSON bodies with a text/plain content type,
// errors as { errcode, errmsg }).
import { startFake, type FakeServer } from './http.ts';

export const WECHAT_APP = { appId: 'wx1234567890abcdef', appSecret: 'secret-of-the-app' };

/** code → the WeChat person it authorizes. */
export const WECHAT_PEOPLE: Record<string, { openid: string; unionid: string; nickname: string; headimgurl: string }> = {
  'code-alice': { openid: 'o-alice', unionid: 'u-alice', nickname: 'Alice', headimgurl: 'https://thirdwx.qlogo.cn/alice/132' },
  'code-bob': { openid: 'o-bob', unionid: 'u-bob', nickname: 'Bob', headimgurl: 'https://thirdwx.qlogo.cn/bob/132' },
};

export function startFakeWeChat(): Promise<FakeServer> {
  const tokens = new Map<string, string>();
  return startFake((req, res) => {
    const q = req.url.searchParams;
    const send = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(JSON.stringify(body));
    };
    if (req.url.pathname === '/sns/oauth2/access_token') {
      if (q.get('appid') !== WECHAT_APP.appId || q.get('secret') !== WECHAT_APP.appSecret) return send({ errcode: 40125, errmsg: 'invalid appsecret' });
      if (q.get('grant_type') !== 'authorization_code') return send({ errcode: 40002, errmsg: 'invalid grant_type' });
      const person = WECHAT_PEOPLE[q.get('code') ?? ''];
      if (!person) return send({ errcode: 40029, errmsg: 'invalid code' });
      const token = `AT-${person.openid}`;
      tokens.set(token, q.get('code')!);
      return send({ access_token: token, expires_in: 7200, refresh_token: 'RT', openid: person.openid, scope: 'snsapi_login', unionid: person.unionid });
    }
    if (req.url.pathname === '/sns/userinfo') {
      const code = tokens.get(q.get('access_token') ?? '');
      const person = code ? WECHAT_PEOPLE[code] : undefined;
      if (!person || person.openid !== q.get('openid')) return send({ errcode: 40001, errmsg: 'invalid credential' });
      return send({ ...person, sex: 0, province: '', city: '', country: 'CN', privilege: [] });
    }
    res.writeHead(404).end();
  });
}
