// /user/message (spec 000 §2, 001 §2 "Personal centre" children): the user's messages — filter all /
// unread / read, unread ones marked, mark one or all read, delete with confirmation, open what a
// message is about, page by page; an empty state when there is nothing. Texts come from
// message-text.ts in the reader's language.
import { App, Badge, Button, Card, Empty, List, Popconfirm, Segmented, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { UserMessage } from '../../../model/api/messages.ts';
import { formatDateTime } from '../../format.ts';
import { MESSAGE_PAGE_SIZE, useMessages } from '../../hooks/useMessages.ts';
import { messageText } from './message-text.ts';

export function MessageItem({ m, onRead, onDelete }: { m: UserMessage; onRead: () => void; onDelete: () => Promise<void> }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const text = messageText(t, m, i18n.language === 'en' ? 'en' : 'zh');
  const open = () => {
    if (!m.read) onRead();
    if (text.link) void navigate(text.link);
  };
  return (
    <List.Item
      data-testid="message-item"
      data-read={m.read}
      actions={[
        text.link && (
          <Button key="open" type="link" size="small" onClick={open}>
            {t('messages.open')}
          </Button>
        ),
        !m.read && (
          <Button key="read" type="link" size="small" data-testid="message-mark-read" onClick={onRead}>
            {t('messages.markRead')}
          </Button>
        ),
        <Popconfirm key="delete" title={t('messages.deleteConfirm')} okText={t('common.confirm')} cancelText={t('common.cancel')} onConfirm={onDelete}>
          <Button type="link" size="small" danger data-testid="message-delete">
            {t('messages.delete')}
          </Button>
        </Popconfirm>,
      ].filter(Boolean)}
    >
      <List.Item.Meta
        avatar={<Badge dot={!m.read} offset={[-2, 4]} />}
        title={
          <Space>
            <Typography.Text strong={!m.read}>{text.title}</Typography.Text>
            {!m.read && <Tag color="blue">{t('messages.unread')}</Tag>}
          </Space>
        }
        description={
          <Space orientation="vertical" size={2}>
            {text.body && <Typography.Text type={m.read ? 'secondary' : undefined}>{text.body}</Typography.Text>}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatDateTime(m.createTime)}
            </Typography.Text>
          </Space>
        }
      />
    </List.Item>
  );
}

export function UserMessagePage() {
  const { t } = useTranslation();
  const { message: toast } = App.useApp();
  const m = useMessages();
  const unread = m.data?.unread ?? 0;
  return (
    <Card
      title={
        <Space>
          {t('messages.title')}
          {unread > 0 && <Badge count={unread} overflowCount={99} data-testid="message-unread-count" />}
        </Space>
      }
      extra={
        <Space>
          <Segmented
            value={m.status}
            onChange={(v) => m.setStatus(v)}
            options={(['all', 'unread', 'read'] as const).map((s) => ({ value: s, label: t(`messages.filter.${s}`) }))}
          />
          <Button
            disabled={unread === 0}
            data-testid="message-read-all"
            onClick={() =>
              void m
                .markAllRead()
                .then(() => toast.success(t('messages.markedAllRead')))
                .catch(() => undefined)
            }
          >
            {t('messages.markAllRead')}
          </Button>
        </Space>
      }
      data-testid="user-message-page"
    >
      <List
        loading={m.loading}
        dataSource={m.data?.list ?? []}
        locale={{ emptyText: <Empty description={m.status === 'unread' ? t('messages.emptyUnread') : t('messages.empty')} /> }}
        pagination={
          (m.data?.total ?? 0) > MESSAGE_PAGE_SIZE ? { current: m.page, pageSize: MESSAGE_PAGE_SIZE, total: m.data?.total ?? 0, onChange: m.setPage, showSizeChanger: false } : false
        }
        renderItem={(item) => (
          <MessageItem
            key={item.id}
            m={item}
            onRead={() => void m.markRead(item.id).catch(() => undefined)}
            onDelete={() =>
              m
                .remove(item.id)
                .then(() => void toast.success(t('messages.deleted')))
                .catch(() => undefined)
            }
          />
        )}
      />
    </Card>
  );
}
