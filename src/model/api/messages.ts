// The user's messages (personal centre /user/message, spec 000 §2 "/user" children, spec 001 §2
// "Personal centre"): what other parts of the server tell a user — an order paid, a drone model
// finished or failed, a shared project copied, a membership about to expire, a notice from the
// operators. A message is stored language-neutral as a kind plus its parameters; the web app renders
// it in the reader's language through i18n (src/web/i18n/{zh,en}/messages.ts), so switching the
// language changes old messages too. The parameter schemas here are the contract between the
// services that post and the page that renders.
import { z } from 'zod';
import { isoTime, listOf, pageQuery, recordId } from './common.ts';

/** Free text stored in a message parameter (names, order numbers): trimmed, at most `max` characters. */
const text = (max: number) => z.string().trim().max(max);

/** The parameters of each kind of message. */
export const MESSAGE_PARAMS = {
  /** An order was paid: its number, the amount [yuan] and what was bought (plan or credit pack name). */
  'payment.paid': z.object({
    orderSn: text(64),
    /** [yuan] */
    amount: z.number().nonnegative().optional(),
    /** What was bought, in Chinese (plan or credit pack name). */
    item: text(100).optional(),
    /** The same in English (shown to English readers; the Chinese name when absent). */
    itemEn: text(100).optional(),
  }),
  /** The drone photos of a project became a 3D model / orthophoto. */
  'drone.modelled': z.object({ projectId: z.number().int().positive(), projectName: text(200) }),
  /** Drone modelling failed; the photo credits were given back. */
  'drone.failed': z.object({
    projectId: z.number().int().positive(),
    projectName: text(200),
    /** Photo credits refunded. */
    refunded: z.number().int().nonnegative().optional(),
    /** The modelling service's reason (shown as it came). */
    reason: text(500).optional(),
  }),
  /** Someone copied a project the reader shared with a copy link. */
  'share.copied': z.object({ projectId: z.number().int().positive(), projectName: text(200), by: text(100) }),
  /** The satellite membership ends soon (reminders 7 days and 1 day before). */
  'membership.expiring': z.object({ expiresAt: isoTime, days: z.number().int().positive() }),
  /** A notice from the operators: their own text, shown as written (not translated). */
  system: z.object({ title: text(200), body: text(4000) }),
} as const;

export type MessageKind = keyof typeof MESSAGE_PARAMS;
export const MESSAGE_KINDS = Object.keys(MESSAGE_PARAMS) as MessageKind[];

/** The kinds by name, for code that switches on them. */
export const MESSAGE_KIND = {
  paymentPaid: 'payment.paid',
  droneModelled: 'drone.modelled',
  droneFailed: 'drone.failed',
  shareCopied: 'share.copied',
  membershipExpiring: 'membership.expiring',
  system: 'system',
} as const satisfies Record<string, MessageKind>;

export type MessageParams<K extends MessageKind> = z.input<(typeof MESSAGE_PARAMS)[K]>;

/** What a service posts: a kind and its parameters (checked against MESSAGE_PARAMS). */
export type NewMessage = { [K in MessageKind]: { kind: K; params: MessageParams<K> } }[MessageKind];

/** Days before the membership's end at which a reminder is posted (once each). */
export const MEMBERSHIP_REMINDER_DAYS = [7, 1] as const;

/** One message as the list answers it. `params` follows MESSAGE_PARAMS[kind]. */
export const messageSchema = z.object({
  id: z.number().int(),
  kind: z.enum(MESSAGE_KINDS as [MessageKind, ...MessageKind[]]),
  params: z.record(z.string(), z.unknown()),
  read: z.boolean(),
  createTime: isoTime,
  readTime: isoTime.nullable(),
});
export type UserMessage = z.infer<typeof messageSchema>;

export const messageStatuses = ['all', 'unread', 'read'] as const;

export const messageListQuery = z.object({
  ...pageQuery(10),
  status: z.enum(messageStatuses).default('all').describe('all (default), unread or read'),
});

export const messageListSchema = listOf(messageSchema).extend({ unread: z.number().int().describe('unread messages in all') });
export type MessageList = z.infer<typeof messageListSchema>;

export const unreadSchema = z.object({ unread: z.number().int() });

export const messageIdBody = z.object({ id: recordId });

/** Answer of read / read-all / delete: how many rows changed and the unread count after. */
export const messageChangeSchema = z.object({ changed: z.number().int(), unread: z.number().int() });
