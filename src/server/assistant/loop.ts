// The tool loop of one answer (issue 22 item 2): the model streams a turn; its text goes to the client
// as it comes; when it asks for tools they run (tools.ts, under the caller's access) and their results
// go back to it, turn after turn, up to ASSISTANT_LIMITS.toolRounds; the last turn is offered no tools,
// so that it answers in text. The token usage of every turn is added up.
import { ASSISTANT_LIMITS, type AssistantUsage } from '../../model/api/assistant.ts';
import type { ChatMessage, ChatProvider, ToolCall } from './provider.ts';
import { runTool, toolSpecs, type ToolContext } from './tools.ts';

export interface KeptToolCall {
  name: string;
  input: Record<string, unknown>;
  summary: string;
}

export interface LoopSink {
  delta(text: string): void;
  tool(call: KeptToolCall): void;
  /** The tokens of one turn, as soon as the model reports them. */
  usage?(u: AssistantUsage): void;
}

export interface LoopResult {
  text: string;
  toolCalls: KeptToolCall[];
  usage: AssistantUsage;
}

/** Runs the loop on `messages` (system prompt, history, the question); the answer's text, tools and tokens. */
export async function runToolLoop(args: { provider: ChatProvider; messages: ChatMessage[]; ctx: ToolContext; signal: AbortSignal; sink: LoopSink; rounds?: number }): Promise<LoopResult> {
  const messages = [...args.messages];
  const rounds = args.rounds ?? ASSISTANT_LIMITS.toolRounds;
  const kept: KeptToolCall[] = [];
  const usage = { promptTokens: 0, completionTokens: 0 };
  let text = '';
  for (let round = 0; round <= rounds; round++) {
    let turnText = '';
    let calls: ToolCall[] = [];
    for await (const e of args.provider.stream({ messages, tools: round < rounds ? toolSpecs() : [], signal: args.signal })) {
      if (e.type === 'text') {
        turnText += e.text;
        args.sink.delta(e.text);
      } else if (e.type === 'toolCalls') calls = e.calls;
      else {
        usage.promptTokens += e.promptTokens;
        usage.completionTokens += e.completionTokens;
        args.sink.usage?.({ promptTokens: e.promptTokens, completionTokens: e.completionTokens });
      }
    }
    text += turnText;
    if (calls.length === 0) break;
    messages.push({ role: 'assistant', content: turnText, toolCalls: calls });
    for (const call of calls) {
      args.signal.throwIfAborted();
      const out = await runTool(args.ctx, call);
      const k = { name: call.name, input: out.input, summary: out.summary };
      kept.push(k);
      args.sink.tool(k);
      messages.push({ role: 'tool', toolCallId: call.id, name: call.name, content: JSON.stringify(out.result) });
    }
  }
  return { text, toolCalls: kept, usage };
}
