// The O&M menu's "Alarms" entry with the plant's unread count as a badge.
import { Badge, Space } from 'antd';
import { useAiomPlantId } from '../../hooks/useAiomPlant.ts';
import { useAiomUnread } from '../../hooks/useAiomUnread.ts';

export function AlarmMenuLabel({ label }: { label: string }) {
  const unread = useAiomUnread(useAiomPlantId());
  return (
    <Space size={6}>
      {label}
      <Badge count={unread} size="small" overflowCount={99} data-testid="alarm-unread-badge" data-count={unread} />
    </Space>
  );
}
