// The Electrical step's stored documents (spec 000 §3 "Inverter data", "Cable"; issue 15) and the
// contract between the server's electrical calls, the editor and the project simulation:
//   'inverter-config' → InverterConfigDocument: the inverters chosen (a snapshot of each library model),
//                       where they and the combiner boxes stand on the plan, the strings (modules in
//                       wiring order) and the MPPT input each string feeds, the wiring mode;
//   'cable'           → CableDocument: the cable settings and every routed cable with its path, length,
//                       section, drop and loss.
// A module is named by `moduleRef(arrayId, index)`: the layout array's id and the module's index in that
// array's `centers` (x, y, z triples). The documents name the layout / inverter-config version they were
// made from; a newer layout makes them stale (the step says so and offers to configure again).
import { z } from 'zod';
import { planXY } from './bounds.ts';
import { inverterSchema } from './equipment-inverter.ts';

const finite = z.number().refine(Number.isFinite, 'must be a finite number');
const id = z.string().min(1, 'must not be empty').max(64);
const version = z.int().min(0);

/** Most strings a project may hold (100,000 modules of 10 per string). */
export const MAX_STRINGS = 10_000;
/** Most inverters of a project. */
export const MAX_INVERTERS = 2_000;

/** Defaults of the automatic configuration (ELECTRICAL.md). */
export const ELECTRICAL_DEFAULTS = {
  /** Target DC/AC ratio (PVsyst proposes 1.25; NB/T 10394-2020 permits up to 1.8). */
  targetDcAcRatio: 1.2,
  maxDcAcRatio: 1.8,
  /** Site lowest ambient when the weather gives none [°C]. */
  tempMin: -10,
  /** Hot and cool cell temperatures of the soft MPPT-window rules [°C]. */
  tempCellHot: 60,
  tempCellCool: 20,
  /** Voltage-drop limits used to size cables [%]. */
  dcMaxDropPercent: 1.5,
  acMaxDropPercent: 2,
  /** Bypass diodes per module when the module data give none. */
  bypassDiodes: 3,
  /** Bypass diode forward drop [V]. */
  bypassDiodeDrop: 0.5,
} as const;

/** A module of the layout: `${arrayId}#${index}`. */
export function moduleRef(arrayId: string, index: number): string {
  return `${arrayId}#${index}`;
}

/** The array id and index of a module reference, or null when it is not one. */
export function parseModuleRef(ref: string): { arrayId: string; index: number } | null {
  const at = ref.lastIndexOf('#');
  if (at <= 0) return null;
  const index = Number(ref.slice(at + 1));
  return Number.isInteger(index) && index >= 0 ? { arrayId: ref.slice(0, at), index } : null;
}

const moduleRefSchema = z.string().min(3).max(80).regex(/^.+#\d+$/, 'must be arrayId#index');

/** An inverter model used by the project: the library entry it came from and a snapshot of its data. */
export const inverterModelSchema = z.object({
  key: id,
  /** Library id; null when typed in for this project only. */
  libraryId: z.int().nullable(),
  data: inverterSchema,
});
export type InverterModel = z.infer<typeof inverterModelSchema>;

/** One inverter standing on the plan. */
export const placedInverterSchema = z.object({
  id,
  /** Shown on the plan and in lists: "INV-1", … */
  name: z.string().min(1).max(40),
  modelKey: id,
  /** Plan position [m]; null until placed (the automatic configuration places it). */
  position: planXY.nullable(),
});
export type PlacedInverter = z.infer<typeof placedInverterSchema>;

/** A combiner box gathering strings of one MPPT input (or of several inputs of one inverter). */
export const combinerSchema = z.object({
  id,
  name: z.string().min(1).max(40),
  inverterId: id,
  /** Inputs (strings) the box takes. */
  inputs: z.int().min(1).max(64),
  position: planXY.nullable(),
  /** String fuse rating [A] when more than 2 strings are in parallel (≥ 1.4 · Isc), else null. */
  fuseA: finite.min(0).nullable(),
});
export type Combiner = z.infer<typeof combinerSchema>;

/** One string: modules in series, in wiring order. */
export const stringSchema = z.object({
  id,
  /** 1-based number shown on the plan. */
  number: z.int().min(1),
  moduleRefs: z.array(moduleRefSchema).min(1).max(200),
  /** null: not connected yet (manual mode). */
  inverterId: id.nullable(),
  /** 0-based MPPT input of that inverter. */
  mppt: z.int().min(0).max(63).nullable(),
  combinerId: id.nullable(),
});
export type PvString = z.infer<typeof stringSchema>;

export const inverterConfigDocumentSchema = z.object({
  kind: z.literal('inverter-config'),
  version: z.literal(1),
  /** The wiring mode (spec 001 §4 invConfigModel). */
  mode: z.enum(['auto', 'manual']),
  /** The 'component-layout' version the strings were made on. */
  layoutVersion: version,
  targetDcAcRatio: finite.min(0.5).max(3),
  /** Chosen string length range [modules]. */
  modulesPerString: z.object({ min: z.int().min(1).max(200), max: z.int().min(1).max(200) }),
  /** Temperatures the string limits were computed with [°C]. */
  temperatures: z.object({ tempMin: finite.min(-60).max(40), tempCellHot: finite.min(0).max(100), tempCellCool: finite.min(-20).max(60) }),
  inverterModels: z.array(inverterModelSchema).max(50),
  inverters: z.array(placedInverterSchema).max(MAX_INVERTERS),
  combiners: z.array(combinerSchema).max(MAX_INVERTERS * 16),
  strings: z.array(stringSchema).max(MAX_STRINGS),
  /** Modules left out of every string (too few on a face, or taken out by hand). */
  unassigned: z.array(moduleRefSchema).max(100_000),
  /** Where the AC side meets the grid (the transformer / meter) [m]; null: not placed. */
  gridPoint: planXY.nullable(),
});
export type InverterConfigDocument = z.infer<typeof inverterConfigDocumentSchema>;

export const cableMaterials = ['copper', 'aluminium'] as const;
export type CableMaterial = (typeof cableMaterials)[number];

export const cableEndSchema = z.object({ kind: z.enum(['string', 'combiner', 'inverter', 'grid']), id });

export const routedCableSchema = z.object({
  id,
  /** string: string → combiner or inverter (DC); combiner: combiner → inverter (DC); ac: inverter → grid. */
  kind: z.enum(['string', 'combiner', 'ac']),
  from: cableEndSchema,
  to: cableEndSchema,
  /** Plan route [m], from → to. */
  path: z.array(planXY).min(2).max(10_000),
  /** One-way length [m]. */
  length: finite.min(0),
  material: z.enum(cableMaterials),
  /** Conductor cross-section [mm²]. */
  crossSection: finite.gt(0).max(1000),
  /** Design current [A] and voltage [V] at STC (DC) or rated output (AC). */
  current: finite.min(0),
  voltage: finite.gt(0),
  circuit: z.enum(['dc', 'ac1', 'ac3']),
  dropV: finite.min(0),
  dropPercent: finite.min(0),
  lossW: finite.min(0),
  /** Current ≤ the section's ampacity (the table named in `ampacitySource`). */
  ampacityOk: z.boolean(),
});
export type RoutedCable = z.infer<typeof routedCableSchema>;

export const cableDocumentSchema = z.object({
  kind: z.literal('cable'),
  version: z.literal(1),
  /** The 'inverter-config' version the cables were routed for. */
  inverterConfigVersion: version,
  settings: z.object({
    dcMaterial: z.enum(cableMaterials),
    acMaterial: z.enum(cableMaterials),
    dcMaxDropPercent: finite.gt(0).max(10),
    acMaxDropPercent: finite.gt(0).max(10),
  }),
  cables: z.array(routedCableSchema).max(MAX_STRINGS * 2 + MAX_INVERTERS),
});
export type CableDocument = z.infer<typeof cableDocumentSchema>;
