// The message page's state: the filter (all / unread / read), the page, the list, and the actions
// (mark one or all read, delete) — each action reloads the page and updates every unread badge.
import { useCallback, useEffect, useState } from 'react';
import type { MessageList } from '../../model/api/messages.ts';
import { deleteMessage, listMessages, markAllMessagesRead, markMessageRead, type MessageStatus } from '../api/messages.ts';
import { setUnread } from './useUnreadMessages.ts';

export const MESSAGE_PAGE_SIZE = 10;

export function useMessages() {
  const [status, setStatusState] = useState<MessageStatus>('all');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<MessageList | null>(null);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    setLoading(true);
    listMessages(page, MESSAGE_PAGE_SIZE, status)
      .then((d) => {
        if (!live) return;
        // a page emptied by a delete or a read: step back to the last page that has messages
        if (d.list.length === 0 && page > 1) setPage(Math.max(1, Math.ceil(d.total / MESSAGE_PAGE_SIZE)));
        setData(d);
        setUnread(d.unread);
      })
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [page, status, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const after = useCallback(
    async (action: Promise<{ unread: number }>) => {
      const r = await action;
      setUnread(r.unread);
      reload();
    },
    [reload],
  );

  return {
    status,
    setStatus: (s: MessageStatus) => {
      setStatusState(s);
      setPage(1);
    },
    page,
    setPage,
    data,
    loading,
    markRead: (id: number) => after(markMessageRead(id)),
    markAllRead: () => after(markAllMessagesRead()),
    remove: (id: number) => after(deleteMessage(id)),
  };
}
