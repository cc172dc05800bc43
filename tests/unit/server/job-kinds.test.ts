// The job engine's pure parts: pg-boss's construction plan cut into statements for migration 0009
// (semicolons inside strings, dollar-quoted bodies and comments stay), stable job ids, and the
// checks of a job kind's definition.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJob } from '../../../src/server/jobs/kinds.ts';
import { bossSchemaStatements, splitStatements } from '../../../src/server/jobs/schema.ts';
import { jobId } from '../../../src/server/jobs/service.ts';

describe('splitStatements', () => {
  it('cuts at semicolons outside strings, quoted names, dollar quotes and comments', () => {
    const text = `
      BEGIN;
      select 'a;b', 'it''s; here' from "odd;name" -- a comment; still a comment
      ;
      create function f() returns void as $$ begin perform 1; perform 'x;y'; end; $$ language plpgsql;
      create function g() returns text as $body$ select 'q$$;'; $body$ language sql;
      /* block; comment */ select 2;
      COMMIT;`;
    expect(splitStatements(text)).toEqual([
      'BEGIN',
      `select 'a;b', 'it''s; here' from "odd;name" -- a comment; still a comment`,
      `create function f() returns void as $$ begin perform 1; perform 'x;y'; end; $$ language plpgsql`,
      `create function g() returns text as $body$ select 'q$$;'; $body$ language sql`,
      '/* block; comment */ select 2',
      'COMMIT',
    ]);
  });

  it('refuses an unterminated dollar quote', () => {
    expect(() => splitStatements('select $$ never ends;')).toThrow(/unterminated/);
  });

  it("gives pg-boss's schema as its statements, without the BEGIN … COMMIT around them", () => {
    const statements = bossSchemaStatements();
    expect(statements.some((s) => /^(BEGIN|COMMIT)$/i.test(s))).toBe(false);
    expect(statements.filter((s) => /^CREATE TABLE pgboss\.(job|queue|archive|version)\b/.test(s))).toHaveLength(4);
    // The queue functions stay whole (their bodies hold semicolons).
    const createQueue = statements.find((s) => s.startsWith('CREATE FUNCTION pgboss.create_queue'));
    expect(createQueue).toMatch(/\$\$\s+LANGUAGE plpgsql$/);
    expect(statements.at(-1)).toMatch(/^INSERT INTO pgboss\.version\(version\) VALUES \('\d+'\)$/);
  });
});

describe('job ids and kinds', () => {
  it('gives one UUID per kind and parts', () => {
    const kind = defineJob('test.ids', z.object({}));
    const a = jobId(kind, 7, 0);
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(jobId(kind, 7, 0)).toBe(a);
    expect(jobId(kind, 7, 1)).not.toBe(a);
    expect(jobId(kind, 70)).not.toBe(jobId(kind, 7, 0));
    expect(jobId({ name: 'test.other' }, 7, 0)).not.toBe(a);
  });

  it('refuses a kind name pg-boss cannot take and an attempt time of a day or more', () => {
    expect(() => defineJob('has space', z.object({}))).toThrow(/letters, digits/);
    expect(() => defineJob('too.long', z.object({}), { expireInSeconds: 24 * 3600 })).toThrow(/expireInSeconds/);
    expect(defineJob('ok.kind', z.object({})).retryLimit).toBe(2);
  });
});
