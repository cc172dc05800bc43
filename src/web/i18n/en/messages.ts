// English catalogue: the message centre (/user/message). Messages are stored as a kind and its
// parameters; here the title and text of each kind.
import type { messages as zh } from '../zh/messages.ts';
import type { Shape } from '../shape.ts';

export const messages: Shape<typeof zh> = {
  messages: {
    title: 'Messages',
    menu: 'Messages',
    unreadCount: '{{count}} unread',
    empty: 'No messages',
    emptyUnread: 'No unread messages',
    filter: { all: 'All', unread: 'Unread', read: 'Read' },
    markRead: 'Mark as read',
    markAllRead: 'Mark all as read',
    markedAllRead: 'All messages marked as read',
    delete: 'Delete',
    deleteConfirm: 'Delete this message? This cannot be undone.',
    deleted: 'Deleted',
    open: 'Open',
    unread: 'Unread',
    kinds: {
      payment: {
        paid: { title: 'Payment received', body: 'Order {{orderSn}} has been paid{{amountText}}{{itemText}}.' },
      },
      drone: {
        modelled: { title: 'Drone model ready', body: 'The drone photos of project “{{projectName}}” have become a 3D model: you can start designing.' },
        failed: { title: 'Drone modelling failed', body: 'Drone modelling of project “{{projectName}}” failed{{reasonText}}.{{refundText}}' },
      },
      share: {
        copied: { title: 'Shared project copied', body: '{{by}} copied your shared project “{{projectName}}”.' },
      },
      membership: {
        expiring: {
          title: 'Membership expiring',
          body_one: 'Your satellite membership expires on {{date}}, in {{count}} day. Renew it in time.',
          body_other: 'Your satellite membership expires on {{date}}, in {{count}} days. Renew it in time.',
        },
      },
      system: { title: 'System notice' },
    },
    parts: {
      amount: ', amount ¥{{amount}}',
      item: ' ({{item}})',
      reason: ': {{reason}}',
      refund_one: ' {{count}} photo credit has been refunded.',
      refund_other: ' {{count}} photo credits have been refunded.',
    },
  },
};
