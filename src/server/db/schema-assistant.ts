// The assistant's tables of the database for Kysely (migration 0015): conversations, messages and
// the daily token usage. See schema.ts.
import type { Generated } from 'kysely';
import type { Defaulted } from './schema.ts';

/** A conversation with the AI assistant (migration 0015), about one project or none (the project list). */
export interface AssistantConversationsTable {
  id: Generated<number>;
  user_id: number;
  project_id: number | null;
  title: string;
  created_at: Date;
  updated_at: Date;
}

/** A message of a conversation: the user's question or the assistant's answer (migration 0015). */
export interface AssistantMessagesTable {
  id: Generated<number>;
  conversation_id: number;
  role: 'user' | 'assistant';
  content: string;
  /** JSON text of [{name, input, summary}]: the tools the answer called. */
  tool_calls: Defaulted<string>;
  prompt_tokens: number | null;
  completion_tokens: number | null;
  created_at: Date;
}

/** The assistant's tokens one user used on one UTC day (migration 0015; `day` the text 'YYYY-MM-DD'). */
export interface AssistantUsageTable {
  user_id: number;
  day: string;
  prompt_tokens: Defaulted<number>;
  completion_tokens: Defaulted<number>;
}
