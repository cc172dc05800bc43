// Runs a block of DDL one statement at a time: PGlite's driver speaks the extended protocol, which
// takes one statement per query. Statements end with a semicolon at the end of a line; no other
// semicolon may end a line (none appears inside the DDL's strings).
import { sql, type Kysely } from 'kysely';

/** The statements of a DDL block, split at line-ending semicolons. */
export function statementsOf(ddl: string): string[] {
  return ddl
    .split(/;[ \t]*(?:\r?\n|$)/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** Executes every statement of `ddl` in order (inside the migration's transaction). */
export async function runDdl(db: Kysely<unknown>, ddl: string): Promise<void> {
  for (const statement of statementsOf(ddl)) await sql.raw(statement).execute(db);
}
