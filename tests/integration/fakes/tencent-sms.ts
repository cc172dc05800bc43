// A fake Tencent Cloud SMS endpoint (API 2021-01-11, SendSms). It checks the TC3-HMAC-SHA256
// signature with its own implementation of the documented steps and answers like the real API.
import { createHash, createHmac } from 'node:crypto';
import { startFake, type FakeServer } from './http.ts';

export const TENCENT = { secretId: 'AKIDtestsecretid', secretKey: 'test-secret-key', sdkAppId: '1400000001', signName: 'PVStudio', templateId: '100001' };

function expectedAuthorization(host: string, action: string, timestamp: number, payload: string): string {
  const hex = (s: string) => createHash('sha256').update(s).digest('hex');
  const date = new Date(timestamp * 1000).toISOString().slice(0, 10);
  const canonical = `POST\n/\n\ncontent-type:application/json; charset=utf-8\nhost:${host}\nx-tc-action:${action.toLowerCase()}\n\ncontent-type;host;x-tc-action\n${hex(payload)}`;
  const toSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/sms/tc3_request\n${hex(canonical)}`;
  let key: Buffer = createHmac('sha256', `TC3${TENCENT.secretKey}`).update(date).digest();
  key = createHmac('sha256', key).update('sms').digest();
  key = createHmac('sha256', key).update('tc3_request').digest();
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  return `TC3-HMAC-SHA256 Credential=${TENCENT.secretId}/${date}/sms/tc3_request, SignedHeaders=content-type;host;x-tc-action, Signature=${signature}`;
}

/** `failWith`: answer this error code instead of success (e.g. 'FailedOperation.InsufficientBalanceInSmsPackage'). */
export function startFakeTencentSms(state: { failWith: string | null }): Promise<FakeServer> {
  return startFake((req, res) => {
    const h = req.headers;
    const reply = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ Response: { ...(body as object), RequestId: 'a0aabda6-cf91-4f3e-a81f-9198114a2279' } }));
    };
    const ts = Number(h['x-tc-timestamp']);
    if (h.authorization !== expectedAuthorization(String(h.host), String(h['x-tc-action']), ts, req.body)) {
      return reply({ Error: { Code: 'AuthFailure.SignatureFailure', Message: 'The provided credentials could not be validated.' } });
    }
    if (h['x-tc-action'] !== 'SendSms' || h['x-tc-version'] !== '2021-01-11') return reply({ Error: { Code: 'InvalidAction', Message: 'bad action' } });
    if (state.failWith) return reply({ Error: { Code: state.failWith, Message: 'failed' } });
    const body = JSON.parse(req.body) as { PhoneNumberSet: string[] };
    reply({
      SendStatusSet: body.PhoneNumberSet.map((p) => ({ SerialNo: '5000:1045710669157053657849499619', PhoneNumber: p, Fee: 1, SessionContext: '', Code: 'Ok', Message: 'send success', IsoCode: 'CN' })),
    });
  });
}
