// The unread-message badge (top bar user panel, personal-centre menu): the count of unread messages
// on whatever it wraps, nothing when there are none. Also the "Messages" entry with its count for
// the user menu. The count comes from useUnreadMessages (one store, polled while shown).
import { Badge } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnreadMessages } from '../hooks/useUnreadMessages.ts';

/** `children` with the unread count in a badge (a dot when `dot`). */
export function UnreadBadge({ children, dot = false }: { children: ReactNode; dot?: boolean }) {
  const unread = useUnreadMessages();
  return (
    <Badge count={unread} dot={dot && unread > 0} size="small" overflowCount={99} data-testid="unread-badge" title={String(unread)}>
      {children}
    </Badge>
  );
}

/** "Messages" with the unread count after it, for a menu item. */
export function MessagesMenuLabel() {
  const { t } = useTranslation();
  const unread = useUnreadMessages();
  return (
    <span data-testid="messages-menu">
      {t('messages.menu')} {unread > 0 && <Badge count={unread} size="small" overflowCount={99} style={{ marginInlineStart: 4 }} />}
    </span>
  );
}
