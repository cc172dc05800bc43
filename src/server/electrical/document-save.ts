// What a client's save of an Electrical-step document goes through before it is stored (the design
// routes' `inverter-config/save` and `updateCable`): its schema, then its references against the
// project's current documents (document-checks.ts), each fault a 400 naming the field; a cable
// document has every cable's drop, loss and ampacity worked out again (cable-sizing.ts), since the
// client may have changed a material or a section. Any other document passes unchanged.
import type { FastifyInstance } from 'fastify';
import type { DesignStep } from '../../model/api/design.ts';
import { layoutDocumentSchema } from '../../model/design.ts';
import { inverterConfigDocumentSchema, type CableDocument, type InverterConfigDocument } from '../../model/electrical-design.ts';
import { apiError } from '../errors.ts';
import { assertValidDocument } from '../projects/documents.ts';
import type { Db } from '../projects/rows.ts';
import type { DesignDocuments } from '../projects/documents.ts';
import { withFigures } from '../../electrical/cable-sizing.ts';
import { cableDocumentIssue, inverterConfigIssue, type DocumentIssue } from './document-checks.ts';

function refuse(issue: DocumentIssue | null): void {
  if (issue) throw apiError('VALIDATION', { field: issue.field, message: issue.message }, { field: issue.field });
}

/** The stored inverter configuration when it is in the contract's shape, else null. */
export async function storedInverterConfig(documents: DesignDocuments, projectId: number, db?: Db): Promise<{ version: number; doc: InverterConfigDocument | null }> {
  const stored = await documents.read(projectId, 'inverter-config', db);
  const parsed = inverterConfigDocumentSchema.safeParse(stored.data);
  return { version: stored.version, doc: parsed.success ? parsed.data : null };
}

/**
 * The document to store for a client's save of `step` (the data as sent, a cable document with its
 * figures recomputed); 404 for another user's project, 400 naming the field for a fault.
 */
export async function documentForSave(app: FastifyInstance, userId: number, projectId: number, step: DesignStep, data: unknown): Promise<unknown> {
  if (step !== 'inverter-config' && step !== 'cable') return data;
  const { documents, projects } = app.services;
  await projects.row(userId, projectId);
  assertValidDocument(step, data);
  if (step === 'inverter-config') {
    const layout = layoutDocumentSchema.safeParse((await documents.read(projectId, 'component-layout')).data);
    refuse(inverterConfigIssue(data as InverterConfigDocument, layout.success ? layout.data : null));
    return data;
  }
  const doc = data as CableDocument;
  refuse(cableDocumentIssue(doc, (await storedInverterConfig(documents, projectId)).doc));
  return { ...doc, cables: doc.cables.map(withFigures) };
}
