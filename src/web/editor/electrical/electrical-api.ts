// The Electrical step's two versioned documents on the server (spec 000 §7: get-inverter-config and
// its save, cable list and updateCable; routes in src/server/routes/project/design.ts): a read answers
// { version, data } (version 0 and data null for a document never saved); a save sends the version it
// is based on and answers the new one, or fails with 409 and data.currentVersion — like the design
// documents (editor/save/design-api.ts). updateCable: the server works each cable's drop, loss and
// ampacity out again before storing it. Failures are not toasted: the step shows them in place.
import type { z } from 'zod';
import { designDocumentSchema, savedSchema } from '../../../model/api/design.ts';
import { cableDocumentSchema, inverterConfigDocumentSchema, type CableDocument, type InverterConfigDocument } from '../../../model/electrical-design.ts';
import { request } from '../../api/http.ts';
import { throwIfStale, type Versioned } from '../../api/versioned-document.ts';

export { StaleDocumentError, type Versioned } from '../../api/versioned-document.ts';

export const ELECTRICAL_DOC_ROUTES = {
  config: { get: '/api/web/project/get-inverter-config', save: '/api/web/project/inverter-config/save' },
  cables: { get: '/api/web/project/cable/list', save: '/api/web/project/updateCable' },
} as const;

/** The documents by part. */
export interface ElectricalDocs {
  config: InverterConfigDocument;
  cables: CableDocument;
}
export type ElectricalPart = keyof ElectricalDocs;

/** How the store reads and saves the documents (the server over HTTP, or a fake in tests). */
export interface ElectricalApi {
  read<P extends ElectricalPart>(part: P, projectId: number): Promise<Versioned<ElectricalDocs[P]>>;
  /** Saves a part based on `version`; answers the new version; throws StaleDocumentError on a conflict. */
  save<P extends ElectricalPart>(part: P, projectId: number, version: number, data: ElectricalDocs[P]): Promise<number>;
}

const SCHEMAS: { [P in ElectricalPart]: z.ZodType<ElectricalDocs[P]> } = { config: inverterConfigDocumentSchema, cables: cableDocumentSchema };

export function httpElectricalApi(): ElectricalApi {
  return {
    async read(part, projectId) {
      const doc = await request(ELECTRICAL_DOC_ROUTES[part].get, designDocumentSchema, { query: { projectId }, silent: true });
      if (doc.data === null || doc.data === undefined) return { version: doc.version, data: null };
      return { version: doc.version, data: SCHEMAS[part].parse(doc.data) };
    },
    async save(part, projectId, version, data) {
      try {
        return (await request(ELECTRICAL_DOC_ROUTES[part].save, savedSchema, { method: 'POST', body: { projectId, version, data }, silent: true })).version;
      } catch (e) {
        throwIfStale(e);
        throw e;
      }
    },
  };
}
