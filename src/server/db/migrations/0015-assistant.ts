// Migration 0015: the AI assistant (issue 22). A user's conversations, each about one project or none
// (the project list), deleted with the user or the project; their messages (role user or assistant,
// the text, the tool calls the answer made as JSON text [{name, input, summary}], the tokens of the
// answer); and the tokens each user used per UTC day (the daily budget, AI_DAILY_TOKENS).
// Plain SQL for PGlite and PostgreSQL 15.
import type { Kysely } from 'kysely';
import { runDdl } from './ddl.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runDdl(
    db,
    `
    create table assistant_conversations (
      id serial primary key,
      user_id integer not null references users (id) on delete cascade,
      project_id integer references projects (id) on delete cascade,
      title text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );
    create index assistant_conversations_user_project on assistant_conversations (user_id, project_id, updated_at desc);
    create table assistant_messages (
      id serial primary key,
      conversation_id integer not null references assistant_conversations (id) on delete cascade,
      role text not null check (role in ('user', 'assistant')),
      content text not null,
      tool_calls text not null default '[]',
      prompt_tokens integer,
      completion_tokens integer,
      created_at timestamptz not null
    );
    create index assistant_messages_conversation on assistant_messages (conversation_id, id);
    create table assistant_usage (
      user_id integer not null references users (id) on delete cascade,
      day text not null,
      prompt_tokens integer not null default 0,
      completion_tokens integer not null default 0,
      primary key (user_id, day)
    );
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runDdl(db, 'drop table assistant_usage;\ndrop table assistant_messages;\ndrop table assistant_conversations;');
}
