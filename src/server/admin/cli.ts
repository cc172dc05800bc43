// `npm run admin -- <command>`: the operator's commands (customer service), on the server's own
// database and configuration (DATABASE_URL, else the PGlite folder in DATA_DIR — stop the server
// first: a PGlite folder belongs to one process). Exit 0 with the answer as JSON on stdout; exit 2
// naming the option on bad input; exit 1 on any other failure.
//   org create --name NAME --owner PHONE [--seats N] [--photo-credits N] [--project-credits N] [--membership-days N]
//   org grant --id ID [--seats N] [--photo-credits N] [--project-credits N] [--membership-days N]
//   org list
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { systemClock } from '../clock.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/index.ts';
import { AdminInputError, OrganisationsAdmin, type PoolOptions } from './organisations-admin.ts';

export const ADMIN_USAGE = `usage: npm run admin -- org create --name NAME --owner PHONE [--seats N] [--photo-credits N] [--project-credits N] [--membership-days N]
       npm run admin -- org grant --id ID [--seats N] [--photo-credits N] [--project-credits N] [--membership-days N]
       npm run admin -- org list`;

/** Largest amount one command adds [of each kind]. */
const MAX_AMOUNT = 1_000_000;

const OPTIONS = {
  name: { type: 'string' },
  owner: { type: 'string' },
  id: { type: 'string' },
  seats: { type: 'string' },
  'photo-credits': { type: 'string' },
  'project-credits': { type: 'string' },
  'membership-days': { type: 'string' },
} as const;

function whole(values: Record<string, string | undefined>, option: keyof typeof OPTIONS, min = 0): number | undefined {
  const raw = values[option];
  if (raw === undefined) return undefined;
  if (!/^\d{1,7}$/.test(raw.trim()) || Number(raw) < min || Number(raw) > MAX_AMOUNT) throw new AdminInputError(`--${option}`, `must be a whole number from ${min} to ${MAX_AMOUNT}`);
  return Number(raw);
}

function pool(values: Record<string, string | undefined>): PoolOptions {
  return { seats: whole(values, 'seats', 1), photoCredits: whole(values, 'photo-credits'), projectCredits: whole(values, 'project-credits'), membershipDays: whole(values, 'membership-days') };
}

/** Runs one command; answers what to print, or throws AdminInputError. */
export async function runAdmin(argv: readonly string[], admin: () => Promise<{ orgs: OrganisationsAdmin; close(): Promise<void> }>): Promise<unknown> {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (e) {
    throw new AdminInputError('arguments', e instanceof Error ? e.message : String(e));
  }
  const [area, command] = parsed.positionals;
  const v = parsed.values as Record<string, string | undefined>;
  if (area !== 'org' || !['create', 'grant', 'list'].includes(command ?? '')) throw new AdminInputError('command', `unknown command '${parsed.positionals.join(' ')}'\n${ADMIN_USAGE}`);
  const operator = 'operator';
  // Check everything the command takes before opening the database.
  let run: (orgs: OrganisationsAdmin) => Promise<unknown>;
  if (command === 'create') {
    if (!v.name) throw new AdminInputError('--name', 'is required');
    if (!v.owner) throw new AdminInputError('--owner', 'is required (the phone number of the account that becomes super administrator)');
    const p = pool(v);
    run = (orgs) => orgs.create(v.name!, v.owner!, p, operator);
  } else if (command === 'grant') {
    const id = whole(v, 'id', 1);
    if (id === undefined) throw new AdminInputError('--id', 'is required');
    const p = pool(v);
    run = (orgs) => orgs.grant(id, p, operator, 'granted by the operator');
  } else {
    run = (orgs) => orgs.list();
  }
  const a = await admin();
  try {
    return await run(a.orgs);
  } finally {
    await a.close();
  }
}

async function main(): Promise<number> {
  try {
    const out = await runAdmin(process.argv.slice(2), async () => {
      const config = loadConfig();
      const open = await openDatabase(config.database);
      return { orgs: new OrganisationsAdmin(open.db, systemClock), close: open.close };
    });
    console.log(JSON.stringify(out, null, 2));
    return 0;
  } catch (e) {
    if (e instanceof AdminInputError || e instanceof ConfigError) {
      console.error(e.message);
      return 2;
    }
    console.error(e instanceof Error ? e.message : e);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await main();
