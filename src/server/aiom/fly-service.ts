// The fly calls (POST /api/web/aiom/fly/plan, GET /api/web/aiom/fly/export): the survey over the
// bound design's building outlines ('lite-re' closed buildings, plan metres around the design
// project's lat/lng) from the flight parameters (fly-plan.ts), exported as KML (kml-export.ts) or a
// DJI WPML KMZ (wpml-export.ts). The project may be an O&M plant (its bound design gives the roofs)
// or the design project itself.
import type { Kysely } from 'kysely';
import type { FlyPlan, FlyPlanInput } from '../../model/api/aiom-operations.ts';
import type { Database } from '../db/schema.ts';
import { apiError } from '../errors.ts';
import { buildingOutlines } from '../electrical/design-inputs.ts';
import type { DesignDocuments } from '../projects/documents.ts';
import { surveyPlan } from './fly-plan.ts';

/** The design project whose buildings a project's flight covers: itself, or an O&M plant's bound design. */
export async function flightDesign(db: Kysely<Database>, projectId: number): Promise<{ id: number; name: string; lat: number; lng: number }> {
  const p = await db.selectFrom('projects').select(['id', 'name', 're_or_aiom', 'lat', 'lng']).where('id', '=', projectId).executeTakeFirst();
  if (!p) throw apiError('PROJECT_NOT_FOUND', {}, { field: 'projectId' });
  let design = p;
  if (p.re_or_aiom === 'AIOM') {
    const d = await db
      .selectFrom('project_bindings as b')
      .innerJoin('projects as d', 'd.id', 'b.design_project_id')
      .select(['d.id', 'd.name', 'd.re_or_aiom', 'd.lat', 'd.lng'])
      .where('b.aiom_project_id', '=', projectId)
      .executeTakeFirst();
    if (!d) throw apiError('VALIDATION', { field: 'projectId', message: 'the plant is not bound to a design project' }, { field: 'projectId' });
    design = d;
  }
  if (design.lat === null || design.lng === null) throw apiError('VALIDATION', { field: 'projectId', message: 'the design project has no location yet' }, { field: 'projectId' });
  return { id: design.id, name: p.name, lat: design.lat, lng: design.lng };
}

export async function flyPlan(db: Kysely<Database>, documents: DesignDocuments, input: FlyPlanInput): Promise<{ plan: FlyPlan; name: string }> {
  const design = await flightDesign(db, input.projectId);
  const { rings } = await buildingOutlines(documents, design.id);
  if (rings.length === 0) throw apiError('VALIDATION', { field: 'projectId', message: 'the design has no closed building outline to fly over' }, { field: 'projectId' });
  const plan = surveyPlan(rings, { lat: design.lat, lng: design.lng }, input);
  return { plan: { projectId: input.projectId, ...plan }, name: design.name };
}
