// The chat panel's state (issue 22; spec 000 §5 "the AI chat send button is disabled when the question
// is empty or a send is in progress", §8 "a failed AI chat stream just re-enables the send button"):
// whether the server has an assistant, the conversations about the project (or about none, on the
// project list) with the newest opened, the messages with the answer growing as its deltas arrive and
// the tools it called, sending / stopping, and the last failure to show.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AssistantStatus, ChatEvent, ConversationSummary } from '../../model/api/assistant.ts';
import { ApiError } from '../api/http.ts';
import { assistantStatus, deleteConversation, getConversation, listConversations, streamChat } from '../api/assistant.ts';

export interface ShownMessage {
  key: string;
  role: 'user' | 'assistant';
  content: string;
  tools: { name: string; summary: string }[];
}

let keys = 0;
const nextKey = () => `m${++keys}`;

/** Whether a question may be sent: not empty and no send in progress (spec 000 §5). */
export function canSend(text: string, sending: boolean): boolean {
  return text.trim().length > 0 && !sending;
}

export function useAssistant(projectId: number | null, open: boolean) {
  const [status, setStatus] = useState<AssistantStatus | null>(null);
  const [conversations, setConversations] = useState<ConversationSummary[]>([]);
  const [conversationId, setConversationId] = useState<number | null>(null);
  const [messages, setMessages] = useState<ShownMessage[]>([]);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);

  const select = useCallback(async (id: number | null) => {
    setError(null);
    setConversationId(id);
    if (id === null) {
      setMessages([]);
      return;
    }
    const c = await getConversation(id);
    setMessages(c.messages.map((m) => ({ key: nextKey(), role: m.role, content: m.content, tools: m.toolCalls.map((t) => ({ name: t.name, summary: t.summary })) })));
  }, []);

  const refresh = useCallback(async () => {
    const list = await listConversations(projectId);
    setConversations(list);
    return list;
  }, [projectId]);

  // On opening: the status, then the project's conversations with the newest shown.
  useEffect(() => {
    if (!open) return;
    let live = true;
    void (async () => {
      try {
        const s = await assistantStatus();
        if (!live) return;
        setStatus(s);
        if (!s.configured) return;
        const list = await refresh();
        if (live && list.length > 0 && conversationId === null) await select(list[0].id);
      } catch (e) {
        if (live) setError(e instanceof Error ? e.message : String(e));
      }
    })();
    return () => {
      live = false;
    };
    // (conversationId is read once, on opening: not a dependency)
  }, [open, projectId, refresh, select]);

  const send = useCallback(
    async (text: string) => {
      if (!canSend(text, sending)) return false;
      const question = text.trim();
      setError(null);
      setSending(true);
      const answerKey = nextKey();
      setMessages((ms) => [...ms, { key: nextKey(), role: 'user', content: question, tools: [] }, { key: answerKey, role: 'assistant', content: '', tools: [] }]);
      const patch = (f: (m: ShownMessage) => ShownMessage) => setMessages((ms) => ms.map((m) => (m.key === answerKey ? f(m) : m)));
      const ctl = new AbortController();
      controller.current = ctl;
      const onEvent = (e: ChatEvent) => {
        if (e.event === 'meta') setConversationId(e.data.conversationId);
        else if (e.event === 'delta') patch((m) => ({ ...m, content: m.content + e.data.text }));
        else if (e.event === 'tool') patch((m) => ({ ...m, tools: [...m.tools, { name: e.data.name, summary: e.data.summary }] }));
        else if (e.event === 'error') setError(e.data.message);
      };
      try {
        await streamChat({ message: question, ...(projectId === null ? {} : { projectId }), ...(conversationId === null ? {} : { conversationId }) }, onEvent, ctl.signal);
      } catch (e) {
        if (!ctl.signal.aborted) setError(e instanceof ApiError || e instanceof Error ? e.message : String(e));
      } finally {
        // Success, failure or stop: the send button is enabled again (spec 000 §8).
        controller.current = null;
        setSending(false);
        void refresh().catch(() => undefined);
      }
      return true;
    },
    [sending, projectId, conversationId, refresh],
  );

  const stop = useCallback(() => controller.current?.abort(), []);

  const remove = useCallback(
    async (id: number) => {
      await deleteConversation(id);
      if (id === conversationId) await select(null);
      await refresh();
    },
    [conversationId, refresh, select],
  );

  return { status, conversations, conversationId, messages, sending, error, send, stop, select, remove };
}
