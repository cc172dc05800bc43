// /api/user/message: the user's messages (personal centre /user/message) — list, unread count, mark
// read (one or all), delete. Schemas from src/model/api/messages.ts.
import { messageChangeSchema, messageListSchema, unreadSchema } from '../../model/api/messages.ts';
import { request } from './http.ts';

export type MessageStatus = 'all' | 'unread' | 'read';

export function listMessages(page: number, size: number, status: MessageStatus = 'all') {
  return request('/api/user/message/list', messageListSchema, { query: { page, size, status } });
}

/** The unread count for the badges; silent (a failed poll shows no toast). */
export function unreadCount() {
  return request('/api/user/message/unread-count', unreadSchema, { silent: true });
}

export function markMessageRead(id: number) {
  return request('/api/user/message/read', messageChangeSchema, { method: 'POST', body: { id } });
}

export function markAllMessagesRead() {
  return request('/api/user/message/read-all', messageChangeSchema, { method: 'POST' });
}

export function deleteMessage(id: number) {
  return request('/api/user/message/delete', messageChangeSchema, { method: 'POST', body: { id } });
}
