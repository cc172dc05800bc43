// pg-boss's own tables (schema `pgboss`): created by the app's migration 0009 from pg-boss's
// construction plan, inside the migration's transaction, so a new database — and the test snapshots
// made from the migrations — holds them before any process starts its job engine. Later pg-boss
// schema versions are migrated by pg-boss itself when the engine starts (its migrations take an
// advisory lock, so processes starting together migrate once).
import PgBoss from 'pg-boss';

/** The PostgreSQL schema of pg-boss's tables. */
export const BOSS_SCHEMA = 'pgboss';

/**
 * `text` cut into statements at the semicolons outside string literals, quoted identifiers,
 * dollar-quoted bodies ($$ … $$, $tag$ … $tag$) and comments; each statement trimmed, empty ones dropped.
 */
export function splitStatements(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === "'" || c === '"') {
      // '…' with '' inside, "…" with "" inside
      i++;
      while (i < text.length && !(text[i] === c && text[i + 1] !== c)) i += text[i] === c ? 2 : 1;
      i++;
    } else if (c === '$') {
      const tag = /^\$[A-Za-z_]*\$/.exec(text.slice(i))?.[0];
      if (tag) {
        const end = text.indexOf(tag, i + tag.length);
        if (end < 0) throw new Error('unterminated dollar-quoted string');
        i = end + tag.length;
      } else i++;
    } else if (c === '-' && text[i + 1] === '-') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end + 1;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      if (end < 0) throw new Error('unterminated comment');
      i = end + 2;
    } else if (c === ';') {
      out.push(text.slice(start, i));
      start = ++i;
    } else i++;
  }
  out.push(text.slice(start));
  return out.map((s) => s.trim()).filter((s) => s.length > 0);
}

/**
 * The statements creating pg-boss's schema at the installed pg-boss's version, without the
 * BEGIN … COMMIT pg-boss wraps them in (a migration runs them in its own transaction).
 */
export function bossSchemaStatements(): string[] {
  const statements = splitStatements(PgBoss.getConstructionPlans(BOSS_SCHEMA));
  if (statements[0]?.toUpperCase() !== 'BEGIN' || statements.at(-1)?.toUpperCase() !== 'COMMIT') {
    throw new Error('pg-boss construction plan is not one BEGIN … COMMIT block: check the installed pg-boss version');
  }
  return statements.slice(1, -1);
}
