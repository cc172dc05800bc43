// The roof faces the PV layout step places modules on: the roof command's faces (src/model/roof.ts
// FaceOut) of every building, with the building's id, and the plan outlines the layout actions use
// (document/layout.ts FacePlan). A face is "flat" below FLAT_FACE_TILT: it gets racks by default.
import type { FaceOut, RoofOutput } from '../../../model/roof.ts';
import { faceKey, type FacePlan } from '../document/layout.ts';

/** Faces tilted less than this are flat roofs: racks by default, flush otherwise [°]. */
export const FLAT_FACE_TILT = 3;

/** One roof face of one building. */
export interface RoofFace {
  readonly buildingId: string;
  readonly face: FaceOut;
}

/** Every face of the roof outputs, buildings in the given order (failed roofs give what they have). */
export function roofFacesOf(roofs: Iterable<readonly [string, RoofOutput]> | Readonly<Record<string, RoofOutput | undefined>>): RoofFace[] {
  const entries: Iterable<readonly [string, RoofOutput | undefined]> = Symbol.iterator in roofs ? (roofs as Iterable<readonly [string, RoofOutput]>) : Object.entries(roofs);
  const out: RoofFace[] = [];
  for (const [buildingId, roof] of entries) for (const face of roof?.faces ?? []) out.push({ buildingId, face });
  return out;
}

/** The faces as the layout actions need them. */
export function facePlansOf(faces: readonly RoofFace[]): FacePlan[] {
  return faces.map((f) => ({ buildingId: f.buildingId, faceId: f.face.id, vertices: f.face.vertices }));
}

export function roofFaceKey(f: RoofFace): string {
  return faceKey(f.buildingId, f.face.id);
}

/** Whether a face counts as a flat roof (racks by default). */
export function isFlatFace(face: Pick<FaceOut, 'tilt'>): boolean {
  return face.tilt < FLAT_FACE_TILT;
}
