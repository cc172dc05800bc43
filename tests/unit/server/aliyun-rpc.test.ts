// Aliyun RPC signing (HMAC-SHA1, signature version 1.0) against Aliyun's own worked examples, and the
// SMS configuration: Aliyun is chosen by its variables, a half-configured block stops the start
// naming the missing variable, and Tencent + Aliyun together need an explicit SMS_PROVIDER.
import { describe, expect, it } from 'vitest';
import { AliyunSms } from '../../../src/server/providers/aliyun-sms.ts';
import { canonicalizedQuery, percentEncode, rpcSignature, rpcStringToSign, rpcTimestamp, signedForm } from '../../../src/server/providers/aliyun-rpc.ts';
import { ConfigError, loadConfig } from '../../../src/server/config.ts';

describe('Aliyun RPC signature', () => {
  it("matches the SMS documentation's worked example (SendSms, testId / testSecret, 2017-07-12T02:42:19Z)", () => {
    // Aliyun SMS "签名机制" (help.aliyun.com/document_detail/101343, also 56189): the published
    // StringToSign and Signature zJDF+Lrzhj/ThnlvIToysFRq6t4= (exact).
    const params = {
      AccessKeyId: 'testId',
      Action: 'SendSms',
      Format: 'XML',
      OutId: '123',
      PhoneNumbers: '15300000001',
      RegionId: 'cn-hangzhou',
      SignName: '阿里云短信测试专用',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_71390007',
      TemplateParam: '{"customer":"test"}',
      Timestamp: '2017-07-12T02:42:19Z',
      Version: '2017-05-25',
    };
    expect(rpcStringToSign('GET', params)).toBe(
      'GET&%2F&AccessKeyId%3DtestId%26Action%3DSendSms%26Format%3DXML%26OutId%3D123%26PhoneNumbers%3D15300000001%26RegionId%3Dcn-hangzhou' +
        '%26SignName%3D%25E9%2598%25BF%25E9%2587%258C%25E4%25BA%2591%25E7%259F%25AD%25E4%25BF%25A1%25E6%25B5%258B%25E8%25AF%2595%25E4%25B8%2593%25E7%2594%25A8' +
        '%26SignatureMethod%3DHMAC-SHA1%26SignatureNonce%3D45e25e9b-0a6f-4070-8c85-2956eda1b466%26SignatureVersion%3D1.0%26TemplateCode%3DSMS_71390007' +
        '%26TemplateParam%3D%257B%2522customer%2522%253A%2522test%2522%257D%26Timestamp%3D2017-07-12T02%253A42%253A19Z%26Version%3D2017-05-25',
    );
    expect(rpcSignature('GET', params, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
    // a Signature already among the parameters is not signed
    expect(rpcSignature('GET', { ...params, Signature: 'old' }, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });

  it("matches the RPC signature documentation's worked example (ECS DescribeRegions, testid / testsecret)", () => {
    // Alibaba Cloud "Signature mechanism" for RPC APIs: published Signature OLeaidS1JvxuMvnyHOwuJ+uX5qY= (exact).
    const params = {
      Timestamp: '2016-02-23T12:46:24Z',
      Format: 'XML',
      AccessKeyId: 'testid',
      Action: 'DescribeRegions',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
      Version: '2014-05-26',
      SignatureVersion: '1.0',
    };
    expect(canonicalizedQuery(params)).toBe(
      'AccessKeyId=testid&Action=DescribeRegions&Format=XML&SignatureMethod=HMAC-SHA1&SignatureNonce=3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf&SignatureVersion=1.0&Timestamp=2016-02-23T12%3A46%3A24Z&Version=2014-05-26',
    );
    expect(rpcSignature('GET', params, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });

  it('percent-encodes as the documentation says: only A–Z a–z 0–9 - _ . ~ literal, space as %20, UTF-8 bytes', () => {
    expect(percentEncode('a b')).toBe('a%20b');
    expect(percentEncode("!'()*")).toBe('%21%27%28%29%2A');
    expect(percentEncode('-_.~')).toBe('-_.~');
    expect(percentEncode('/=&+"')).toBe('%2F%3D%26%2B%22');
    expect(percentEncode('阿')).toBe('%E9%98%BF');
  });

  it('writes the timestamp without milliseconds and form-encodes with the signature', () => {
    expect(rpcTimestamp(new Date('2026-03-01T08:09:10.123Z'))).toBe('2026-03-01T08:09:10Z');
    const form = signedForm('POST', { B: 'x y', A: '1' }, 's');
    expect(form).toMatch(/^B=x%20y&A=1&Signature=[A-Za-z0-9%]+$/);
  });

  it('a SendSms request carries the documented parameters and the code as ${code}', () => {
    const sms = new AliyunSms(
      { kind: 'aliyun', accessKeyId: 'id', accessKeySecret: 'secret', signName: 'PV Studio', templateCode: 'SMS_1', endpoint: 'http://127.0.0.1:1' },
      () => new Date('2026-01-02T03:04:05.678Z'),
      () => 'nonce-1',
    );
    expect(sms.params({ phone: '13900000001', code: '123456', minutes: 5 })).toEqual({
      AccessKeyId: 'id',
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: '13900000001',
      RegionId: 'cn-hangzhou',
      SignName: 'PV Studio',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: 'nonce-1',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_1',
      TemplateParam: '{"code":"123456"}',
      Timestamp: '2026-01-02T03:04:05Z',
      Version: '2017-05-25',
    });
  });
});

describe('SMS configuration', () => {
  const aliyun = { ALIYUN_SMS_ACCESS_KEY_ID: 'id', ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret', ALIYUN_SMS_SIGN_NAME: 'PV Studio', ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1' };
  const tencent = { TENCENT_SMS_SECRET_ID: 'a', TENCENT_SMS_SECRET_KEY: 'b', TENCENT_SMS_SDK_APP_ID: 'c', TENCENT_SMS_SIGN_NAME: 'd', TENCENT_SMS_TEMPLATE_ID: 'e' };
  const base = { DEMO_PHONE: 'off' };

  it('chooses Aliyun from its variables, with the default endpoint', () => {
    expect(loadConfig({ ...base, ...aliyun }).sms).toEqual({ kind: 'aliyun', accessKeyId: 'id', accessKeySecret: 'secret', signName: 'PV Studio', templateCode: 'SMS_1', noticeTemplateCode: null, endpoint: 'https://dysmsapi.aliyuncs.com' });
    expect(loadConfig({ ...base, ...aliyun, ALIYUN_SMS_ENDPOINT: 'http://127.0.0.1:9/' }).sms).toMatchObject({ endpoint: 'http://127.0.0.1:9' });
    expect(loadConfig(base).sms).toEqual({ kind: 'dev' });
  });

  it('takes an optional alarm notice template for either provider', () => {
    expect(loadConfig({ ...base, ...aliyun, ALIYUN_SMS_NOTICE_TEMPLATE_CODE: ' SMS_2 ' }).sms).toMatchObject({ kind: 'aliyun', noticeTemplateCode: 'SMS_2' });
    expect(loadConfig({ ...base, ...tencent }).sms).toMatchObject({ kind: 'tencent', noticeTemplateId: null });
    expect(loadConfig({ ...base, ...tencent, TENCENT_SMS_NOTICE_TEMPLATE_ID: '2002' }).sms).toMatchObject({ kind: 'tencent', templateId: 'e', noticeTemplateId: '2002' });
  });

  it('stops the start naming the missing variable of a half-configured Aliyun block', () => {
    for (const name of Object.keys(aliyun)) {
      const env: Record<string, string> = { ...base, ...aliyun };
      delete env[name];
      expect(() => loadConfig(env), name).toThrow(ConfigError);
      expect(() => loadConfig(env), name).toThrow(`${name} is required for SMS_PROVIDER=aliyun`);
    }
    expect(() => loadConfig({ ...base, ...aliyun, ALIYUN_SMS_ENDPOINT: 'ftp://x' })).toThrow('ALIYUN_SMS_ENDPOINT must be an http(s) URL');
  });

  it('needs an explicit SMS_PROVIDER when both Tencent and Aliyun are configured', () => {
    expect(() => loadConfig({ ...base, ...aliyun, ...tencent })).toThrow('choose one with SMS_PROVIDER=tencent or SMS_PROVIDER=aliyun');
    expect(loadConfig({ ...base, ...aliyun, ...tencent, SMS_PROVIDER: 'aliyun' }).sms.kind).toBe('aliyun');
    expect(loadConfig({ ...base, ...aliyun, ...tencent, SMS_PROVIDER: 'tencent' }).sms.kind).toBe('tencent');
    expect(() => loadConfig({ ...base, SMS_PROVIDER: 'twilio' })).toThrow('SMS_PROVIDER must be dev, tencent, aliyun or none, not twilio');
  });
});
