// The assistant's entry (issue 22 item 1): a button in the header of the design workspace and of
// the project lists (never floating over a step's own buttons) that opens the chat panel in a
// drawer. The panel is mounted on first opening and kept (its conversation survives closing the drawer).
import { RobotOutlined } from '@ant-design/icons';
import { Button, Drawer } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AssistantPanel } from './AssistantPanel.tsx';

export function AssistantButton({ projectId }: { projectId: number | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<RobotOutlined />} data-testid="assistant-open" onClick={() => setOpen(true)}>
        {t('assistant.title')}
      </Button>
      <Drawer title={t('assistant.title')} open={open} onClose={() => setOpen(false)} size={420} styles={{ body: { display: 'flex', flexDirection: 'column', padding: 12 } }}>
        <AssistantPanel key={projectId ?? 'list'} projectId={projectId} open={open} />
      </Drawer>
    </>
  );
}
