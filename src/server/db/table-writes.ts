// Notices of writes to chosen tables through one Kysely instance (a KyselyPlugin installed by
// openDatabase), so that an in-process cache of rows (the session cache of accounts/sessions.ts) can
// drop what a write may have changed. A listener is called when a statement that may write one of
// its tables is sent and again when its answer arrives (an autocommit write is visible by then; a
// write inside a transaction becomes visible at its commit, which a plugin does not see: a cache must
// bound how long it may keep a row read in between, see SESSION_CACHE_TTL). Writes through other
// connections (another process, psql) are not seen at all: the same bound applies to them.
//
// A statement "may write" a table when it is an insert, update, delete or merge whose tree names the
// table anywhere (also in a subquery: a false alarm only costs a cache refill), a select whose
// `with` clause names it (data-modifying CTEs), or a raw statement that both names the table and
// contains a writing keyword. Plain selects, the hot path, are passed through without a walk.
import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

export type TableWriteListener = () => void;

/** Node kinds whose contents are values, not SQL (never walked). */
const VALUE_KINDS = new Set(['ValueNode', 'ValueListNode', 'PrimitiveValueListNode', 'DefaultInsertValueNode']);
const WRITING_KEYWORD = /\b(insert|update|delete|merge|truncate|alter|drop)\b/i;

function isNode(v: unknown): v is OperationNode {
  return typeof v === 'object' && v !== null && typeof (v as { kind?: unknown }).kind === 'string';
}

/** Adds every table named in `node` (TableNode identifiers, raw SQL words) to `out`. */
function collectTables(node: OperationNode, out: Set<string>, rawWords: boolean): void {
  if (VALUE_KINDS.has(node.kind)) return;
  if (node.kind === 'TableNode') {
    const t = node as unknown as { table: { identifier: { name: string } } };
    out.add(t.table.identifier.name);
    return;
  }
  if (node.kind === 'RawNode' && rawWords) {
    const text = (node as unknown as { sqlFragments: readonly string[] }).sqlFragments.join(' ');
    for (const w of text.toLowerCase().match(/[a-z_][a-z0-9_]*/g) ?? []) out.add(w);
  }
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) collectTables(item, out, rawWords);
    } else if (isNode(value)) collectTables(value, out, rawWords);
  }
}

/** The tables a root statement may write (see the file header), or an empty set. */
export function tablesWrittenBy(node: RootOperationNode): Set<string> {
  const out = new Set<string>();
  switch (node.kind) {
    case 'SelectQueryNode':
      if (node.with) collectTables(node.with, out, false);
      break;
    case 'InsertQueryNode':
    case 'UpdateQueryNode':
    case 'DeleteQueryNode':
    case 'MergeQueryNode':
      collectTables(node, out, false);
      break;
    case 'RawNode':
      if (WRITING_KEYWORD.test(node.sqlFragments.join(' '))) collectTables(node, out, true);
      break;
    default:
      break;
  }
  return out;
}

export class TableWrites implements KyselyPlugin {
  /** Watched table → its listeners. */
  private readonly listeners = new Map<string, Set<TableWriteListener>>();
  /** Statements in flight that may write watched tables → the listeners to call again. */
  private readonly pending = new WeakMap<object, Set<TableWriteListener>>();

  /** Calls `listener` around every statement that may write one of `tables`; returns the unsubscribe. */
  watch(tables: readonly string[], listener: TableWriteListener): () => void {
    for (const t of tables) {
      let set = this.listeners.get(t);
      if (!set) this.listeners.set(t, (set = new Set()));
      set.add(listener);
    }
    return () => {
      for (const t of tables) this.listeners.get(t)?.delete(listener);
    };
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (this.listeners.size === 0) return args.node;
    if (args.node.kind === 'SelectQueryNode' && !args.node.with) return args.node;
    const hit = new Set<TableWriteListener>();
    for (const table of tablesWrittenBy(args.node)) for (const l of this.listeners.get(table) ?? []) hit.add(l);
    if (hit.size > 0) {
      this.pending.set(args.queryId, hit);
      for (const l of hit) l();
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const hit = this.pending.get(args.queryId);
    if (hit) {
      this.pending.delete(args.queryId);
      for (const l of hit) l();
    }
    return args.result;
  }
}

const registry = new WeakMap<object, TableWrites>();

/** Records the write watcher installed on `db` (openDatabase does this). */
export function registerTableWrites(db: object, watcher: TableWrites): void {
  registry.set(db, watcher);
}

/** The write watcher of a Kysely instance, or undefined when it has none (then nothing may cache). */
export function tableWritesOf(db: object): TableWrites | undefined {
  return registry.get(db);
}
