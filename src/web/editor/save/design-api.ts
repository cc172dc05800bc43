// The server's versioned design-data calls the editor uses (spec 000 §7 "Project": LiteRe get/save-data,
// component layout save/get, getShadeAnalysis/saveShadeAnalysis; routes in
// src/server/routes/project/design.ts, schemas in src/model/api/design.ts): GET answers
// { version, data } (version 0 and data null for a document never saved); a save sends the version it
// is based on and answers the new one, or fails with 409 STALE_VERSION and data.currentVersion.
import { designDocumentSchema, savedSchema, type DesignStep } from '../../../model/api/design.ts';
import { ApiError, request } from '../../api/http.ts';

/** The editor's three documents. */
export type DesignDocKey = 'building' | 'layout' | 'shade';
export const DESIGN_DOC_KEYS: readonly DesignDocKey[] = ['building', 'layout', 'shade'];

/** Each document's design step on the server. */
export const DESIGN_DOC_STEPS: Record<DesignDocKey, DesignStep> = { building: 'lite-re', layout: 'component-layout', shade: 'shade-analysis' };

const BASE = '/api/web';

/** Each document's read and save paths. */
export const DESIGN_DOC_ROUTES: Record<DesignDocKey, { get: string; save: string }> = {
  building: { get: `${BASE}/project/LiteRe/get-data`, save: `${BASE}/project/LiteRe/save-data` },
  layout: { get: `${BASE}/project/component-layout/get`, save: `${BASE}/project/component-layout/save` },
  shade: { get: `${BASE}/project/getShadeAnalysis`, save: `${BASE}/project/saveShadeAnalysis` },
};

/** A save refused because the stored document moved on (409 STALE_VERSION). */
export class StaleVersionError extends Error {
  constructor(
    readonly key: DesignDocKey,
    readonly currentVersion: number,
    message: string,
  ) {
    super(message);
    this.name = 'StaleVersionError';
  }
}

/** How the store reads and saves documents (the server over HTTP, or a fake in tests). */
export interface DesignApi {
  read(key: DesignDocKey, projectId: number): Promise<{ version: number; data: unknown }>;
  /** Saves `data` based on version `base`; throws StaleVersionError on a conflict. */
  save(key: DesignDocKey, projectId: number, base: number, data: unknown): Promise<{ version: number }>;
}

/** The server's calls through the web app's client (src/web/api/http.ts). Failures are not toasted: the store reports them. */
export function httpDesignApi(): DesignApi {
  return {
    async read(key, projectId) {
      const doc = await request(DESIGN_DOC_ROUTES[key].get, designDocumentSchema, { query: { projectId }, silent: true });
      return { version: doc.version, data: doc.data };
    },
    async save(key, projectId, base, data) {
      try {
        const r = await request(DESIGN_DOC_ROUTES[key].save, savedSchema, { method: 'POST', body: { projectId, version: base, data }, silent: true });
        return { version: r.version };
      } catch (e) {
        if (e instanceof ApiError && e.code === 409 && e.details?.currentVersion !== undefined) throw new StaleVersionError(key, e.details.currentVersion, e.message);
        throw e;
      }
    },
  };
}
