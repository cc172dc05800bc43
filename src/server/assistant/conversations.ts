// The assistant's conversations (migration 0015): kept per user and per project (null: the project
// list), each with its messages; a user only ever reads, continues or deletes their own (another
// user's conversation answers 404 like an unknown one). The title is the first question, cut.
import type { Kysely } from 'kysely';
import type { Conversation, ConversationMessage, ConversationSummary } from '../../model/api/assistant.ts';
import type { Database } from '../db/schema.ts';
import { apiError } from '../errors.ts';
import type { KeptToolCall } from './loop.ts';

const TITLE_CHARS = 80;

type ConversationRow = { id: number; project_id: number | null; title: string; created_at: Date; updated_at: Date };

function summary(r: ConversationRow): ConversationSummary {
  return { id: r.id, projectId: r.project_id, title: r.title, createdAt: r.created_at.toISOString(), updatedAt: r.updated_at.toISOString() };
}

function toolCallsOf(text: string): KeptToolCall[] {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? (v as KeptToolCall[]) : [];
  } catch {
    return [];
  }
}

export class ConversationStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** The user's conversation `id` (404 when it is not theirs). */
  async own(userId: number, id: number): Promise<ConversationRow> {
    const r = await this.db.selectFrom('assistant_conversations').select(['id', 'project_id', 'title', 'created_at', 'updated_at']).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    if (!r) throw apiError('NOT_FOUND', {}, { field: 'conversationId' });
    return r;
  }

  /** A new conversation about `projectId` (or none) titled by its first question. */
  async create(userId: number, projectId: number | null, question: string, now: Date): Promise<number> {
    const title = question.length > TITLE_CHARS ? `${question.slice(0, TITLE_CHARS - 1)}…` : question;
    const r = await this.db.insertInto('assistant_conversations').values({ user_id: userId, project_id: projectId, title, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    return r.id;
  }

  async list(userId: number, projectId: number | null): Promise<ConversationSummary[]> {
    let q = this.db.selectFrom('assistant_conversations').select(['id', 'project_id', 'title', 'created_at', 'updated_at']).where('user_id', '=', userId);
    q = projectId === null ? q.where('project_id', 'is', null) : q.where('project_id', '=', projectId);
    return (await q.orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(100).execute()).map(summary);
  }

  async get(userId: number, id: number): Promise<Conversation> {
    const c = await this.own(userId, id);
    const rows = await this.db.selectFrom('assistant_messages').selectAll().where('conversation_id', '=', id).orderBy('id').execute();
    const messages: ConversationMessage[] = rows.map((m) => ({
      id: m.id,
      role: m.role,
      content: m.content,
      toolCalls: toolCallsOf(m.tool_calls),
      usage: m.prompt_tokens === null ? null : { promptTokens: m.prompt_tokens, completionTokens: m.completion_tokens ?? 0 },
      createdAt: m.created_at.toISOString(),
    }));
    return { ...summary(c), messages };
  }

  /** The newest `limit` messages, oldest first (the history sent to the model). */
  async history(id: number, limit: number): Promise<{ role: 'user' | 'assistant'; content: string }[]> {
    const rows = await this.db.selectFrom('assistant_messages').select(['role', 'content']).where('conversation_id', '=', id).orderBy('id', 'desc').limit(limit).execute();
    return rows.reverse();
  }

  async add(id: number, m: { role: 'user' | 'assistant'; content: string; toolCalls?: KeptToolCall[]; usage?: { promptTokens: number; completionTokens: number } | null }, now: Date): Promise<void> {
    await this.db
      .insertInto('assistant_messages')
      .values({
        conversation_id: id,
        role: m.role,
        content: m.content,
        tool_calls: JSON.stringify(m.toolCalls ?? []),
        prompt_tokens: m.usage?.promptTokens ?? null,
        completion_tokens: m.usage?.completionTokens ?? null,
        created_at: now,
      })
      .execute();
    await this.db.updateTable('assistant_conversations').set({ updated_at: now }).where('id', '=', id).execute();
  }

  async remove(userId: number, id: number): Promise<void> {
    await this.own(userId, id);
    await this.db.deleteFrom('assistant_conversations').where('id', '=', id).where('user_id', '=', userId).execute();
  }
}
