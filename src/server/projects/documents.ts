// The design data of a project as versioned JSON documents, one per project and step (src/model/api/
// design.ts). Optimistic concurrency: a save names the version it was based on; in one transaction
// the project row is locked (its updated_at touched, which also proves the caller owns it), the
// stored version compared and the document replaced with version + 1. A save based on a stale version
// changes nothing and answers 409 STALE_VERSION with the current version, so the client can reload,
// reapply its changes and save again: no committed save is ever overwritten unseen.
import { enterpriseAccessSql } from '../enterprise/project-access-sql.ts';
import type { Kysely, Transaction } from 'kysely';
import { DESIGN_DOCUMENT_MAX, designDocumentIssue, type DesignDocument, type DesignStep } from '../../model/api/design.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { apiError } from '../errors.ts';
import type { Db } from './rows.ts';

export interface Saved {
  projectId: number;
  step: DesignStep;
  version: number;
  updatedAt: string;
}

/** The JSON text of a document; 413 beyond the size limit. */
export function documentText(data: unknown, maxChars = DESIGN_DOCUMENT_MAX): string {
  const text = JSON.stringify(data);
  if (text === undefined) throw apiError('VALIDATION', { field: 'data', message: 'must be a JSON object or array' }, { field: 'data' });
  if (text.length > maxChars) throw apiError('PAYLOAD_TOO_LARGE');
  return text;
}

/** 400 naming the field when `data` does not pass the step's document schema (DESIGN_DOCUMENT_SCHEMAS). */
export function assertValidDocument(step: DesignStep, data: unknown): void {
  const issue = designDocumentIssue(step, data);
  if (issue) throw apiError('VALIDATION', issue, { field: issue.field });
}

/** Locks a project row `userId` may change (theirs, or an enterprise project granted to them) for this transaction; 404 otherwise. */
export async function lockOwnProject(tx: Transaction<Database>, userId: number, projectId: number, now: Date): Promise<void> {
  const row = await tx
    .updateTable('projects')
    .set({ updated_at: now, updated_by: userId })
    .where('id', '=', projectId)
    // The owner, or an enterprise member the project is granted to (or its administrators).
    .where((eb) => eb.or([eb('user_id', '=', userId), enterpriseAccessSql(userId, 'projects.id')]))
    .returning('id')
    .executeTakeFirst();
  if (!row) throw apiError('PROJECT_NOT_FOUND');
}

export class DesignDocuments {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** A document of a project (the caller has checked access): version 0 and data null when never saved. */
  async read(projectId: number, step: DesignStep, db: Db = this.db): Promise<DesignDocument> {
    const row = await db
      .selectFrom('project_documents')
      .select(['version', 'data', 'updated_at'])
      .where('project_id', '=', projectId)
      .where('step', '=', step)
      .executeTakeFirst();
    if (!row) return { projectId, step, version: 0, updatedAt: null, data: null };
    return { projectId, step, version: row.version, updatedAt: row.updated_at.toISOString(), data: JSON.parse(row.data) as unknown };
  }

  /** The version and time of every saved document of a project. */
  async versions(projectId: number): Promise<Record<string, { version: number; updatedAt: string }>> {
    const rows = await this.db.selectFrom('project_documents').select(['step', 'version', 'updated_at']).where('project_id', '=', projectId).execute();
    return Object.fromEntries(rows.map((r) => [r.step, { version: r.version, updatedAt: r.updated_at.toISOString() }]));
  }

  /**
   * Saves a whole document based on `base` (0: never saved). 400 when it does not pass its schema
   * (nothing changes), 404 for another user's project, 409 when stale.
   */
  async save(userId: number, projectId: number, step: DesignStep, base: number, data: unknown): Promise<Saved> {
    const text = documentText(data);
    assertValidDocument(step, data);
    return this.db.transaction().execute(async (tx) => {
      const now = this.clock.now();
      await lockOwnProject(tx, userId, projectId, now);
      const version = await this.write(tx, projectId, step, base, text, userId, now);
      return { projectId, step, version, updatedAt: now.toISOString() };
    });
  }

  /**
   * Changes a document from its current content (array items, one layout): `change` gets the stored
   * data (null when never saved) and returns the new data and a result. With `base`, a stale version
   * answers 409; without, the change applies to whatever is stored (the row is locked meanwhile).
   * New data (not the stored object handed back) must pass the step's schema unless `validate` is
   * false (a change that only removes from a document stored before the schemas were enforced).
   */
  async change<R>(
    userId: number,
    projectId: number,
    step: DesignStep,
    base: number | undefined,
    change: (current: unknown) => { data: unknown; result: R; validate?: boolean },
  ): Promise<Saved & { result: R; data: unknown }> {
    return this.db.transaction().execute(async (tx) => {
      const now = this.clock.now();
      await lockOwnProject(tx, userId, projectId, now);
      const current = await this.read(projectId, step, tx);
      if (base !== undefined && base !== current.version) throw stale(base, current.version);
      const { data, result, validate = true } = change(current.data);
      if (validate && data !== current.data) assertValidDocument(step, data);
      const version = await this.write(tx, projectId, step, current.version, documentText(data), userId, now);
      return { projectId, step, version, updatedAt: now.toISOString(), result, data };
    });
  }

  /**
   * Writes a document the server computed (a simulation result, a report) over whatever is stored;
   * `maxChars`: its size limit when the server's own document may be larger than a client's.
   */
  async put(tx: Db, projectId: number, step: DesignStep, data: unknown, userId: number | null, maxChars = DESIGN_DOCUMENT_MAX): Promise<number> {
    const now = this.clock.now();
    const row = await tx
      .insertInto('project_documents')
      .values({ project_id: projectId, step, version: 1, data: documentText(data, maxChars), updated_at: now, updated_by: userId })
      .onConflict((oc) =>
        oc.columns(['project_id', 'step']).doUpdateSet((eb) => ({
          version: eb('project_documents.version', '+', 1),
          data: eb.ref('excluded.data'),
          updated_at: now,
          updated_by: userId,
        })),
      )
      .returning('version')
      .executeTakeFirstOrThrow();
    return row.version;
  }

  /** Copies every document of one project to another (version 1), inside a transaction. */
  async copyAll(tx: Transaction<Database>, from: number, to: number, userId: number): Promise<void> {
    const now = this.clock.now();
    const rows = await tx.selectFrom('project_documents').select(['step', 'data']).where('project_id', '=', from).execute();
    if (rows.length === 0) return;
    await tx
      .insertInto('project_documents')
      .values(rows.map((r) => ({ project_id: to, step: r.step, version: 1, data: r.data, updated_at: now, updated_by: userId })))
      .execute();
  }

  /** The conditional write: insert for base 0, else update where the version is still `base`. */
  private async write(tx: Transaction<Database>, projectId: number, step: DesignStep, base: number, text: string, userId: number, now: Date): Promise<number> {
    let row: { version: number } | undefined;
    if (base === 0) {
      row = await tx
        .insertInto('project_documents')
        .values({ project_id: projectId, step, version: 1, data: text, updated_at: now, updated_by: userId })
        .onConflict((oc) => oc.columns(['project_id', 'step']).doNothing())
        .returning('version')
        .executeTakeFirst();
    } else {
      row = await tx
        .updateTable('project_documents')
        .set((eb) => ({ data: text, version: eb('version', '+', 1), updated_at: now, updated_by: userId }))
        .where('project_id', '=', projectId)
        .where('step', '=', step)
        .where('version', '=', base)
        .returning('version')
        .executeTakeFirst();
    }
    if (row) return row.version;
    const current = await tx.selectFrom('project_documents').select('version').where('project_id', '=', projectId).where('step', '=', step).executeTakeFirst();
    throw stale(base, current?.version ?? 0);
  }
}

function stale(base: number, current: number) {
  return apiError('STALE_VERSION', { base, current }, { currentVersion: current });
}
