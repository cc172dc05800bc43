// The words of the user's messages (personal centre /user/message): every kind the server posts is
// worded in Chinese and in English from its parameters, with nothing left as a raw key or an
// unfilled {{placeholder}}, and "Open" leads to what the message is about.
import { describe, expect, it } from 'vitest';
import { MESSAGE_KINDS, MESSAGE_PARAMS, type MessageKind, type UserMessage } from '../../../src/model/api/messages.ts';
import { i18n } from '../../../src/web/i18n/index.ts';
import { messageText } from '../../../src/web/pages/user/message-text.ts';

/** One message of every kind, with the parameters a poster sends. */
const SAMPLES: Record<MessageKind, Record<string, unknown>> = {
  'payment.paid': { orderSn: 'PV202611220001', amount: 1299, item: '年度会员 ×1', itemEn: 'Annual membership ×1' },
  'drone.modelled': { projectId: 41, projectName: 'Warehouse 7' },
  'drone.failed': { projectId: 41, projectName: 'Warehouse 7', refunded: 120, reason: 'too few overlapping photos' },
  'share.copied': { projectId: 12, projectName: 'Factory roof', by: '139****0001' },
  'membership.expiring': { expiresAt: '2026-12-01T04:00:00.000Z', days: 7 },
  system: { title: 'Maintenance on Sunday', body: 'The service pauses 02:00–04:00.' },
};

const CJK = /[\u4e00-\u9fff]/;
const msg = (kind: MessageKind, params: Record<string, unknown> = SAMPLES[kind]): Pick<UserMessage, 'kind' | 'params'> => ({ kind, params });

describe('message texts', () => {
  it('has a sample for every kind, each valid for its schema', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...MESSAGE_KINDS].sort());
    for (const k of MESSAGE_KINDS) expect(MESSAGE_PARAMS[k].safeParse(SAMPLES[k]).success, k).toBe(true);
  });

  for (const lang of ['zh', 'en'] as const) {
    it(`words every kind in ${lang} with its parameters, no raw keys or placeholders`, () => {
      const t = i18n.getFixedT(lang);
      for (const kind of MESSAGE_KINDS) {
        const text = messageText(t, msg(kind), lang);
        for (const part of [text.title, text.body]) {
          expect(part.trim(), `${lang} ${kind}`).not.toBe('');
          expect(part, `${lang} ${kind}`).not.toMatch(/\{\{|\}\}|messages\.|undefined|NaN/);
        }
        if (kind !== 'system') {
          // the operators' own text is shown as written; everything else is in the reader's language
          expect(CJK.test(text.title), `${lang} ${kind} title`).toBe(lang === 'zh');
          expect(CJK.test(text.body), `${lang} ${kind} body`).toBe(lang === 'zh');
        }
        for (const [key, v] of Object.entries(SAMPLES[kind])) {
          // an item name shows in the reader's language only
          if ((key === 'item' && lang === 'en') || (key === 'itemEn' && lang === 'zh')) continue;
          if (typeof v === 'string' && kind !== 'membership.expiring') expect(text.body + text.title, `${lang} ${kind} names ${v}`).toContain(v);
        }
      }
    });
  }

  it('reads as the user expects in English', () => {
    const t = i18n.getFixedT('en');
    expect(messageText(t, msg('payment.paid'), 'en')).toEqual({ title: 'Payment received', body: 'Order PV202611220001 has been paid, amount ¥1,299 (Annual membership ×1).', link: '/user/order' });
    // Without an English name the Chinese one is shown.
    expect(messageText(t, msg('payment.paid', { orderSn: 'PV2', item: '年度会员 ×1' }), 'en').body).toBe('Order PV2 has been paid (年度会员 ×1).');
    expect(messageText(t, msg('payment.paid', { orderSn: 'PV1' })).body).toBe('Order PV1 has been paid.');
    expect(messageText(t, msg('drone.failed')).body).toBe('Drone modelling of project “Warehouse 7” failed: too few overlapping photos. 120 photo credits have been refunded.');
    expect(messageText(t, msg('drone.failed', { projectId: 1, projectName: 'A', refunded: 1 })).body).toBe('Drone modelling of project “A” failed. 1 photo credit has been refunded.');
    expect(messageText(t, msg('share.copied')).body).toBe('139****0001 copied your shared project “Factory roof”.');
    const expiring = messageText(t, msg('membership.expiring'));
    expect(expiring.body).toMatch(/^Your satellite membership expires on 2026-12-0[12], in 7 days\. Renew it in time\.$/);
    expect(messageText(t, msg('membership.expiring', { expiresAt: '2026-12-01T04:00:00.000Z', days: 1 })).body).toContain('in 1 day.');
    expect(messageText(t, msg('system'))).toEqual({ title: 'Maintenance on Sunday', body: 'The service pauses 02:00–04:00.', link: null });
  });

  it('reads as the user expects in Chinese', () => {
    const t = i18n.getFixedT('zh');
    expect(messageText(t, msg('payment.paid'), 'zh').body).toBe('订单 PV202611220001 已支付，金额 ¥1,299（年度会员 ×1）。');
    expect(messageText(t, msg('drone.modelled'))).toMatchObject({ title: '无人机建模完成', body: '项目“Warehouse 7”的无人机照片已生成三维模型，可以开始设计。' });
    expect(messageText(t, msg('drone.failed')).body).toBe('项目“Warehouse 7”的无人机建模失败：too few overlapping photos。已退还 120 张照片额度。');
    expect(messageText(t, msg('share.copied')).title).toBe('分享的项目被复制');
    expect(messageText(t, msg('membership.expiring')).body).toMatch(/^您的卫星会员将于 2026-12-0[12] 到期（剩余 7 天），请及时续费。$/);
  });

  it('"Open" leads to the order list, the project, or the credits page', () => {
    const t = i18n.getFixedT('en');
    expect(messageText(t, msg('drone.modelled')).link).toBe('/setting/mode?id=41');
    expect(messageText(t, msg('drone.failed')).link).toBe('/setting/basic?id=41');
    expect(messageText(t, msg('share.copied')).link).toBe('/setting/basic?id=12');
    expect(messageText(t, msg('membership.expiring')).link).toBe('/user/quota');
  });

  it('parameters that do not fit the kind show its title and no broken sentence', () => {
    for (const lang of ['zh', 'en'] as const) {
      const t = i18n.getFixedT(lang);
      for (const kind of MESSAGE_KINDS) {
        const text = messageText(t, msg(kind, { unexpected: true }));
        expect(text.title.trim()).not.toBe('');
        expect(text.body).toBe('');
        expect(text.link).toBeNull();
      }
    }
  });
});
