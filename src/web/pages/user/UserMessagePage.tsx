// /user/message: the user's messages. The server has no message store yet (a later issue): the page
// shows the empty state rather than invented messages.
import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';

export function UserMessagePage() {
  const { t } = useTranslation();
  return (
    <Card title={t('user.message.title')} data-testid="user-message-page">
      <Empty description={t('user.message.empty')} />
    </Card>
  );
}
