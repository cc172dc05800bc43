// Schemas of the engine's roof, split and merge commands (docs/ENGINE-API.md). The JSON shapes of the
// headless contract: validated here for the CLI, the worker boundary, the server and the web app.
import { z } from 'zod';
import { planCoordinate, planHeight } from './bounds.ts';

const finite = z.number().refine(Number.isFinite, 'must be a finite number');
const id = z.string().min(1, 'must not be empty');

export const pointInSchema = z.object({
  id,
  x: planCoordinate,
  y: planCoordinate,
  z: planHeight.optional(),
});
export type PointIn = z.infer<typeof pointInSchema>;

export const lineInSchema = z.object({ id, idp1: id, idp2: id });
export type LineIn = z.infer<typeof lineInSchema>;

export const autoRoofTypes = ['hip', 'gable', 'shed', 'flat'] as const;
export type AutoRoofType = (typeof autoRoofTypes)[number];

export const autoRoofSchema = z.object({
  type: z.enum(autoRoofTypes),
  pitch: finite.min(0).max(75).default(25),
  ridgeAzimuth: finite.min(0).max(360).optional(),
});

export const buildingInSchema = z.object({
  id,
  eaveHeight: planHeight,
  outerPoints: z.array(pointInSchema).min(3, 'an outline needs at least 3 points'),
  outerLines: z.array(lineInSchema).optional(),
  points: z.array(pointInSchema).default([]),
  lines: z.array(lineInSchema).default([]),
});
export type BuildingIn = z.input<typeof buildingInSchema>;

export const roofInputSchema = z.object({
  building: buildingInSchema,
  auto: autoRoofSchema.optional(),
});
export type RoofInput = z.input<typeof roofInputSchema>;
export type RoofInputParsed = z.output<typeof roofInputSchema>;

export const relations = ['OUTER', 'LINK', 'INTERLINE', 'INTERPOINT1', 'INTERPOINT2', 'INTERPOINT3', 'INTERPOINT_'] as const;
export type Relation = (typeof relations)[number];

export const roofErrorCodes = [
  'SELF_INTERSECTING_OUTLINE',
  'DANGLING_LINE',
  'UNKNOWN_HEIGHT',
  'NON_PLANAR_FACE',
  'DEGENERATE_FACE',
  'TOO_MANY',
] as const;
export type RoofErrorCode = (typeof roofErrorCodes)[number];

export const roofErrorSchema = z.object({
  code: z.enum(roofErrorCodes),
  message: z.string(),
  ids: z.array(z.string()),
});
export type RoofErrorOut = z.infer<typeof roofErrorSchema>;

export const pointOutSchema = z.object({
  id,
  x: z.number(),
  y: z.number(),
  /** null when the height could not be worked out (UNKNOWN_HEIGHT). */
  z: z.number().nullable(),
  relation: z.enum(relations),
  heightPercent: z.number(),
  mergedInto: z.string().optional(),
});
export type PointOut = z.infer<typeof pointOutSchema>;

export const lineOutSchema = z.object({
  id,
  idp1: id,
  idp2: id,
  x1: z.number(),
  y1: z.number(),
  x2: z.number(),
  y2: z.number(),
  ifSplit: z.boolean(),
});
export type LineOut = z.infer<typeof lineOutSchema>;

const vec3 = z.tuple([z.number(), z.number(), z.number()]);

export const faceOutSchema = z.object({
  id,
  pointIds: z.array(id),
  vertices: z.array(vec3),
  tilt: z.number(),
  azimuth: z.number(),
  area: z.number(),
  planArea: z.number(),
  normal: vec3,
  /**
   * Optional, present only when the face has holes: islands drawn inside it (a dormer, a skylight
   * frame: lines touching neither the outline nor any line connected to it). Vertex rings [x, y, z],
   * clockwise seen from above; area and planArea already exclude them.
   */
  holes: z.array(z.array(vec3)).optional(),
  /** The point ids of `holes`, ring by ring (present with `holes`). */
  holePointIds: z.array(z.array(id)).optional(),
});
export type FaceOut = z.infer<typeof faceOutSchema>;

export const roofOutputSchema = z.object({
  success: z.boolean(),
  errors: z.array(roofErrorSchema),
  points: z.array(pointOutSchema),
  lines: z.array(lineOutSchema),
  faces: z.array(faceOutSchema),
});
export type RoofOutput = z.infer<typeof roofOutputSchema>;

// split / merge: the 2D ⇄ 3D line conversion.
export const splitInputSchema = z.object({
  points: z.array(pointInSchema),
  lines: z.array(lineInSchema),
});
export type SplitInput = z.input<typeof splitInputSchema>;

export const splitLineSchema = lineInSchema.extend({
  x1: z.number().optional(),
  y1: z.number().optional(),
  x2: z.number().optional(),
  y2: z.number().optional(),
  ifSplit: z.boolean().optional(),
});

export const splitOutputSchema = z.object({
  points: z.array(pointInSchema.extend({ relation: z.enum(relations).optional() })),
  lines: z.array(lineOutSchema),
});
export type SplitOutput = z.infer<typeof splitOutputSchema>;

export const mergeInputSchema = z.object({
  points: z.array(pointInSchema.extend({ relation: z.enum(relations).optional() })),
  lines: z.array(splitLineSchema),
});
export type MergeInput = z.input<typeof mergeInputSchema>;

export const mergeOutputSchema = z.object({
  points: z.array(pointInSchema),
  lines: z.array(lineOutSchema),
});
export type MergeOutput = z.infer<typeof mergeOutputSchema>;
