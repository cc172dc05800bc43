// The design data of a project (spec 000 §7 "Project": LiteRe get/save-data, 3d-data, arrays,
// component layout, shade data, cables, economics, energy storage, inverter configuration, load)
// as versioned JSON documents, one per project and step. Every save carries the version it was based
// on (0 for a document never saved); a save based on an older version than the stored one is
// refused with HTTP 409 (STALE_VERSION, data.currentVersion) and changes nothing.
import { z } from 'zod';
import { buildingDocumentSchema, layoutDocumentSchema, shadeDocumentSchema } from '../design.ts';
import { cableDocumentSchema, inverterConfigDocumentSchema } from '../electrical-design.ts';
import { advancedEconomicDocumentSchema, economicDocumentSchema, energyStorageDocumentSchema, powerLoadDocumentSchema } from '../economics.ts';
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
  cable: 'cables (cable list / updateCable): settings and every routed cable with its section, drop and loss',
  economic: 'economic analysis parameters',
  'advanced-economic': 'advanced economic report inputs (advanced-ecnomic insert / original-value)',
  'energy-storage': 'energy storage settings',
  'inverter-config': 'inverter configuration: inverter models and positions, strings, MPPT inputs, combiner boxes, grid point',
  'power-load': 'load: annual consumption, consumption model, monthly and daily energy',
  simulation: 'the last simulation result (written by the simulation call)',
  'economics-result': 'the last economics: indicators, cash flow, monthly self-consumption, a typical week (written by project/economics/run)',
  weather: "the project's weather: site elevation, the uploaded weather file's facts, the horizon (written by the weather calls)",
  'weather-file': 'the text of the uploaded weather file (written by the weather upload call)',
  report: 'the last generated report: its model and the versions of the documents it was made from (written by project/report/generate)',
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

// ── validation on save (issue 19): each document by its schema ────────────────────────────────────

/** Bounds of every design document a client saves (the fields its schema names and the rest). */
export const DESIGN_JSON_LIMITS = {
  /** Nesting of objects and arrays. */
  depth: 32,
  /** Items of one array: a face of the engine's 200,000 modules is 600,000 numbers of its layout's centres. */
  arrayItems: 600_000,
  /** Keys of one object. */
  objectKeys: 10_000,
  /** Characters of a key. */
  keyLength: 200,
  /** Characters of a string value. */
  stringLength: 1_000_000,
} as const;

interface BoundsFrame {
  v: object;
  depth: number;
  parent: BoundsFrame | null;
  key: string | number;
}

function framePath(frame: BoundsFrame | null, last?: string | number): (string | number)[] {
  const path: (string | number)[] = last === undefined ? [] : [last];
  for (let f = frame; f?.parent; f = f.parent) path.push(f.key);
  return path.reverse();
}

/** The first value of a JSON document out of DESIGN_JSON_LIMITS (an iterative walk), or null. */
export function jsonBoundsIssue(root: unknown): { path: (string | number)[]; message: string } | null {
  const L = DESIGN_JSON_LIMITS;
  const scalar = (v: unknown, frame: BoundsFrame | null, key?: string | number) => {
    if (typeof v === 'string' && v.length > L.stringLength) return { path: framePath(frame, key), message: `at most ${L.stringLength} characters` };
    if (typeof v === 'number' && !Number.isFinite(v)) return { path: framePath(frame, key), message: 'must be a finite number' };
    return null;
  };
  if (typeof root !== 'object' || root === null) return scalar(root, null);
  const stack: BoundsFrame[] = [{ v: root, depth: 0, parent: null, key: '' }];
  const visit = (frame: BoundsFrame, key: string | number, v: unknown) => {
    if (typeof v !== 'object' || v === null) return scalar(v, frame, key);
    stack.push({ v, depth: frame.depth + 1, parent: frame, key });
    return null;
  };
  while (stack.length > 0) {
    const frame = stack.pop() as BoundsFrame;
    const v = frame.v;
    if (frame.depth >= L.depth) return { path: framePath(frame), message: `nested deeper than ${L.depth} levels` };
    if (Array.isArray(v)) {
      if (v.length > L.arrayItems) return { path: framePath(frame), message: `at most ${L.arrayItems} items` };
      for (let i = 0; i < v.length; i++) {
        const issue = visit(frame, i, v[i]);
        if (issue) return issue;
      }
      continue;
    }
    const keys = Object.keys(v);
    if (keys.length > L.objectKeys) return { path: framePath(frame), message: `at most ${L.objectKeys} keys` };
    for (const k of keys) {
      if (k.length > L.keyLength) return { path: framePath(frame, k), message: `keys of at most ${L.keyLength} characters` };
      const issue = visit(frame, k, (v as Record<string, unknown>)[k]);
      if (issue) return issue;
    }
  }
  return null;
}

/**
 * The schema a client's save of each document must pass: the editor's documents by their own
 * schemas (design.ts), the Electrical step's by theirs (electrical-design.ts; the server also checks
 * them against the layout: server/electrical/document-checks.ts), the Load, storage and Economy
 * steps' by theirs (economics.ts), the arrays by the array item's, the rest any JSON object or array;
 * every one within DESIGN_JSON_LIMITS besides (designDocumentIssue checks both). Documents the server
 * writes itself (the simulation and economics results, the weather) are not saved by clients.
 */
export const DESIGN_DOCUMENT_SCHEMAS: Partial<Record<DesignStep, z.ZodType>> = {
  'lite-re': buildingDocumentSchema,
  'component-layout': layoutDocumentSchema,
  'shade-analysis': shadeDocumentSchema,
  arrays: z.array(arrayItemSchema).max(10_000),
  'scene-3d': jsonDocument,
  '3d-bg': jsonDocument,
  'shadow-time': jsonDocument,
  cable: cableDocumentSchema,
  economic: economicDocumentSchema,
  'advanced-economic': advancedEconomicDocumentSchema,
  'energy-storage': energyStorageDocumentSchema,
  'inverter-config': inverterConfigDocumentSchema,
  'power-load': powerLoadDocumentSchema,
};

/**
 * Why a client may not store `data` as the `step` document ('data.…' path and message), or null.
 * Fields a schema does not name are kept as sent, within DESIGN_JSON_LIMITS like everything else.
 */
export function designDocumentIssue(step: DesignStep, data: unknown): { field: string; message: string } | null {
  const schema = DESIGN_DOCUMENT_SCHEMAS[step];
  if (!schema) return null;
  const r = schema.safeParse(data);
  const issue = r.success ? jsonBoundsIssue(data) : r.error.issues[0];
  return issue ? { field: ['data', ...issue.path.map(String)].join('.'), message: issue.message } : null;
}
