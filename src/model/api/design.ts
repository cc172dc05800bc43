// The design data of a project (spec 000 §7 "Project": LiteRe get/save-data, 3d-data, arrays,
// component layout, shade data, cables, economics, energy storage, inverter configuration, load)
// as versioned JSON documents, one per project and step. Every save carries the version it was based
// on (0 for a document never saved); a save based on an older version than the stored one is
// refused with HTTP 409 (STALE_VERSION, data.currentVersion) and changes nothing.
import { z } from 'zod';
import { isoTime, jsonDocument, plainText, recordId } from './common.ts';

/** The documents of a project: name → what it holds. */
export const DESIGN_STEPS = {
  'lite-re': 'LiteRe design data: buildings, drawn points and lines, faces, box info, history',
  'scene-3d': '3D scene (3d-data / save-3d-data-pro)',
  '3d-bg': '3D background (3d-bg / save-3d-bg)',
  arrays: 'PV arrays (array new/update/delete/delete-all/detail-list)',
  'component-layout': 'module layout per array or face (component-layout save/get/clear-array)',
  'shadow-time': 'shade analysis time settings (shadowTime)',
  'shade-analysis': 'shade analysis results (saveShadeAnalysis / getShadeAnalysis)',
  cable: 'cables (cable list / updateCable)',
  economic: 'economic analysis parameters',
  'advanced-economic': 'advanced economic report inputs (advanced-ecnomic insert / original-value)',
  'energy-storage': 'energy storage settings',
  'inverter-config': 'inverter configuration: invList, inverterPosition, rawData',
  'power-load': 'load: annual consumption, consumption model, monthly and daily energy',
  simulation: 'the last simulation result (written by the simulation call)',
  weather: "the project's weather: site elevation, the uploaded weather file's facts, the horizon (written by the weather calls)",
  'weather-file': 'the text of the uploaded weather file (written by the weather upload call)',
} as const;
export type DesignStep = keyof typeof DESIGN_STEPS;
export const designSteps = Object.keys(DESIGN_STEPS) as DesignStep[];

/** Largest design document [characters of JSON]. */
export const DESIGN_DOCUMENT_MAX = 8 * 1024 * 1024;

const version = z.number({ error: 'This field is required' }).int().min(0).max(2_147_483_647).describe('the version this save is based on (0: never saved)');

/** GET answer: the document (null and version 0 when never saved). */
export const designDocumentSchema = z.object({
  projectId: z.number().int(),
  step: z.string(),
  version: z.number().int(),
  updatedAt: isoTime.nullable(),
  data: z.unknown(),
});
export type DesignDocument = z.infer<typeof designDocumentSchema>;

/** POST save: the whole document and the version it was based on. */
export const saveDocumentBody = z.object({ projectId: recordId, version, data: jsonDocument });
export type SaveDocumentBody = z.input<typeof saveDocumentBody>;

export const savedSchema = z.object({ projectId: z.number().int(), step: z.string(), version: z.number().int(), updatedAt: isoTime });

// ── arrays: items of the 'arrays' document; `version` optional (absent: applied to the latest) ──

const arrayId = plainText(64).pipe(z.string().min(1, 'This field is required'));

/** One PV array: its id (given by the server on `new`) and any other fields of the web app. */
export const arrayItemSchema = z.looseObject({ id: arrayId.optional(), name: plainText(100).optional() });

export const arrayNewBody = z.object({ projectId: recordId, version: version.optional(), array: arrayItemSchema });
export const arrayUpdateBody = z.object({ projectId: recordId, version: version.optional(), array: arrayItemSchema.extend({ id: arrayId }) });
export const arrayDeleteBody = z.object({ projectId: recordId, version: version.optional(), id: arrayId });
export const arrayDeleteAllBody = z.object({ projectId: recordId, version: version.optional() });
export const arrayPlacementBody = z.object({
  projectId: recordId,
  version: version.optional(),
  placements: z.array(z.looseObject({ id: arrayId })).max(10_000),
});
export const arrayListSchema = z.object({ projectId: z.number().int(), version: z.number().int(), list: z.array(z.record(z.string(), z.unknown())) });
export const arrayChangedSchema = arrayListSchema.extend({ array: z.record(z.string(), z.unknown()).nullable() });

/** component-layout clear-array: one array's (or face's) layout, or all of them. */
export const clearArrayBody = z.object({ projectId: recordId, version: version.optional(), arrayId: arrayId.optional().describe('absent: clear every layout') });
