// The words of a message (personal centre /user/message): a message arrives as a kind and its
// parameters (src/model/api/messages.ts) and is worded here in the reader's language, so a language
// switch rewords old messages too; plus where "Open" leads. Parameters that do not fit their kind's
// schema (an older server) fall back to the kind's title and no text rather than a broken sentence.
import type { TFunction } from 'i18next';
import { MESSAGE_KIND as K, MESSAGE_PARAMS, type MessageKind, type UserMessage } from '../../../model/api/messages.ts';
import { ROUTES, stepUrl } from '../../app/paths.ts';
import { formatDate, thousands } from '../../format.ts';

export interface MessageText {
  title: string;
  body: string;
  /** Where "Open" goes, or null. */
  link: string | null;
}

function titleOf(t: TFunction, kind: MessageKind): string {
  switch (kind) {
    case K.paymentPaid:
      return t('messages.kinds.payment.paid.title');
    case K.droneModelled:
      return t('messages.kinds.drone.modelled.title');
    case K.droneFailed:
      return t('messages.kinds.drone.failed.title');
    case K.shareCopied:
      return t('messages.kinds.share.copied.title');
    case K.membershipExpiring:
      return t('messages.kinds.membership.expiring.title');
    case K.system:
      return t('messages.kinds.system.title');
  }
}

/** The title, text and link of a message in the language of `t` (`language`: the reader's, for
 * parameters stored in both languages). */
export function messageText(t: TFunction, m: Pick<UserMessage, 'kind' | 'params'>, language: 'zh' | 'en' = 'zh'): MessageText {
  const fallback = { title: titleOf(t, m.kind), body: '', link: null };
  switch (m.kind) {
    case K.paymentPaid: {
      const p = MESSAGE_PARAMS[K.paymentPaid].safeParse(m.params);
      if (!p.success) return fallback;
      const amountText = p.data.amount !== undefined ? t('messages.parts.amount', { amount: thousands(p.data.amount) }) : '';
      const item = language === 'en' ? (p.data.itemEn ?? p.data.item) : p.data.item;
      const itemText = item ? t('messages.parts.item', { item }) : '';
      return { title: fallback.title, body: t('messages.kinds.payment.paid.body', { orderSn: p.data.orderSn, amountText, itemText }), link: ROUTES.userOrder };
    }
    case K.droneModelled: {
      const p = MESSAGE_PARAMS[K.droneModelled].safeParse(m.params);
      if (!p.success) return fallback;
      return { title: fallback.title, body: t('messages.kinds.drone.modelled.body', { projectName: p.data.projectName }), link: stepUrl('building', { id: String(p.data.projectId) }) };
    }
    case K.droneFailed: {
      const p = MESSAGE_PARAMS[K.droneFailed].safeParse(m.params);
      if (!p.success) return fallback;
      const reasonText = p.data.reason ? t('messages.parts.reason', { reason: p.data.reason }) : '';
      const refundText = p.data.refunded ? t('messages.parts.refund', { count: p.data.refunded }) : '';
      return { title: fallback.title, body: t('messages.kinds.drone.failed.body', { projectName: p.data.projectName, reasonText, refundText }), link: stepUrl('information', { id: String(p.data.projectId) }) };
    }
    case K.shareCopied: {
      const p = MESSAGE_PARAMS[K.shareCopied].safeParse(m.params);
      if (!p.success) return fallback;
      return { title: fallback.title, body: t('messages.kinds.share.copied.body', { by: p.data.by, projectName: p.data.projectName }), link: stepUrl('information', { id: String(p.data.projectId) }) };
    }
    case K.membershipExpiring: {
      const p = MESSAGE_PARAMS[K.membershipExpiring].safeParse(m.params);
      if (!p.success) return fallback;
      return { title: fallback.title, body: t('messages.kinds.membership.expiring.body', { date: formatDate(p.data.expiresAt), count: p.data.days }), link: ROUTES.userQuota };
    }
    case K.system: {
      const p = MESSAGE_PARAMS.system.safeParse(m.params);
      if (!p.success) return fallback;
      return { title: p.data.title || fallback.title, body: p.data.body, link: null };
    }
  }
}
