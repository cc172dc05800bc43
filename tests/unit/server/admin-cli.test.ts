// `npm run admin` as a process (src/server/admin/cli.ts) on a PGlite folder of its own: the list of a
// new database is empty JSON (exit 0); bad input exits 2 naming the option before the database is
// even opened (its folder is not created); an unknown owner exits 2 naming --owner.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'pvstudio-admin-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function admin(args: string[], dataDir = join(dir, 'data')) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, DEMO_PHONE: 'off' };
  delete env.DATABASE_URL;
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/server/admin/cli.ts', ...args], { env, encoding: 'utf8', timeout: 60_000 });
}

describe('npm run admin', () => {
  it('refuses bad input with exit 2 naming the option, before opening the database', () => {
    const untouched = join(dir, 'untouched');
    const seats = admin(['org', 'create', '--name', 'Acme', '--owner', '13900000000', '--seats', 'many'], untouched);
    expect(seats.status).toBe(2);
    expect(seats.stderr).toContain('--seats: must be a whole number from 1 to 1000000');
    const unknown = admin(['org', 'remove'], untouched);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('usage: npm run admin -- org create');
    expect(existsSync(untouched)).toBe(false);
  });

  it('lists no organisation on a new database, and names --owner for an account that does not exist', () => {
    const list = admin(['org', 'list']);
    expect(list.stderr).toBe('');
    expect(list.status).toBe(0);
    expect(JSON.parse(list.stdout)).toEqual([]);
    const create = admin(['org', 'create', '--name', 'Acme', '--owner', '13900000000']);
    expect(create.status).toBe(2);
    expect(create.stderr).toContain('--owner: no account with the phone number 13900000000');
  });
});
