// The chat panel (issue 22 item 1): the conversations about the project (a select and "new"), the
// messages with the tools each answer used, the answer streaming in, a clear notice when the server has
// no assistant configured, and the question box whose send button is disabled while the question is
// empty or a send is in progress (spec 000 §5); a stop button while sending; a failed stream shows its
// message and only re-enables send (spec 000 §8). State in hooks/useAssistant.ts.
import { DeleteOutlined, PlusOutlined, RobotOutlined, SendOutlined, StopOutlined, ToolOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Input, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canSend, useAssistant } from '../../hooks/useAssistant.ts';

export function AssistantPanel({ projectId, open }: { projectId: number | null; open: boolean }) {
  const { t } = useTranslation();
  const a = useAssistant(projectId, open);
  const [text, setText] = useState('');
  const bottom = useRef<HTMLDivElement>(null);
  // (braces: newer Chromiums return a promise from scrollIntoView, which must not be the effect's cleanup)
  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [a.messages]);

  if (a.status && !a.status.configured) {
    return <Alert type="info" showIcon data-testid="assistant-not-configured" message={t('assistant.notConfigured')} description={t('assistant.notConfiguredHelp')} />;
  }
  const submit = async () => {
    const q = text;
    if (!canSend(q, a.sending)) return;
    setText('');
    await a.send(q);
  };
  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%', gap: 8 }} data-testid="assistant-panel-body">
      <Space.Compact style={{ width: '100%' }}>
        <Select
          style={{ flex: 1, minWidth: 0 }}
          data-testid="assistant-conversations"
          placeholder={t('assistant.newConversation')}
          value={a.conversationId ?? undefined}
          onChange={(id: number) => void a.select(id)}
          options={a.conversations.map((c) => ({ value: c.id, label: c.title }))}
          disabled={a.sending}
        />
        <Button icon={<PlusOutlined />} title={t('assistant.newConversation')} data-testid="assistant-new" disabled={a.sending} onClick={() => void a.select(null)} />
        <Button icon={<DeleteOutlined />} title={t('assistant.deleteConversation')} data-testid="assistant-delete" disabled={a.sending || a.conversationId === null} onClick={() => a.conversationId !== null && void a.remove(a.conversationId)} />
      </Space.Compact>
      <div className="pv-scroll" style={{ flex: 1, overflowY: 'auto', minHeight: 0 }} data-testid="assistant-messages">
        {a.messages.length === 0 ? (
          <Empty image={<RobotOutlined style={{ fontSize: 40, color: '#436CF5' }} />} description={projectId === null ? t('assistant.emptyList') : t('assistant.emptyProject')} />
        ) : (
          a.messages.map((m) => (
            <div key={m.key} data-testid="assistant-message" data-role={m.role} style={{ margin: '8px 0', textAlign: m.role === 'user' ? 'right' : 'left' }}>
              {m.tools.map((tool, i) => (
                <Tag key={i} icon={<ToolOutlined />} color="blue" data-testid="assistant-tool" style={{ whiteSpace: 'normal', marginBottom: 4 }}>
                  {t('assistant.toolUsed', { name: tool.name, summary: tool.summary })}
                </Tag>
              ))}
              <div
                style={{
                  display: 'inline-block',
                  maxWidth: '92%',
                  padding: '6px 10px',
                  borderRadius: 8,
                  whiteSpace: 'pre-wrap',
                  textAlign: 'left',
                  background: m.role === 'user' ? '#436CF5' : '#f2f4f8',
                  color: m.role === 'user' ? '#fff' : undefined,
                }}
              >
                {m.content || (m.role === 'assistant' && a.sending ? <Typography.Text type="secondary">{t('assistant.thinking')}</Typography.Text> : null)}
              </div>
            </div>
          ))
        )}
        <div ref={bottom} />
      </div>
      {a.error ? <Alert type="error" showIcon data-testid="assistant-error" message={a.error} /> : null}
      <Input.TextArea
        data-testid="assistant-input"
        value={text}
        autoSize={{ minRows: 2, maxRows: 6 }}
        maxLength={4000}
        placeholder={t('assistant.placeholder')}
        onChange={(e) => setText(e.target.value)}
        onPressEnter={(e) => {
          if (!e.shiftKey) {
            e.preventDefault();
            void submit();
          }
        }}
      />
      <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
        {a.sending ? (
          <Button icon={<StopOutlined />} data-testid="assistant-stop" onClick={a.stop}>
            {t('assistant.stop')}
          </Button>
        ) : null}
        <Button type="primary" icon={<SendOutlined />} data-testid="assistant-send" disabled={!canSend(text, a.sending)} loading={a.sending} onClick={() => void submit()}>
          {t('assistant.send')}
        </Button>
      </Space>
    </div>
  );
}
