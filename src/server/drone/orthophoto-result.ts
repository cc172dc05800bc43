// A finished model becomes the project's orthophoto: from NodeODM's results archive the GeoTIFF
// (odm_orthophoto.tif: where the image lies) and its PNG rendering (odm_orthophoto.png, ODM option
// orthophoto-png: what the browser draws) are taken; the PNG is stored like an uploaded orthophoto
// (projects/orthophotos.ts, same limits) and placed in the building document's map.orthophoto by
// the GeoTIFF's georeference, with the map switched to show it.
import { ORTHOPHOTO_LIMITS, type OrthophotoUpload } from '../../model/api/orthophoto.ts';
import { buildingDocumentSchema, emptyBuildingDocument, type BuildingDocument, type OrthophotoPlacement } from '../../model/design.ts';
import type { OrthophotoService } from '../projects/orthophotos.ts';
import type { DesignDocuments } from '../projects/documents.ts';
import { readGeoTiff } from './geotiff.ts';
import { geoTiffCentre, placementOf } from './georeference.ts';
import { extractFiles } from './zip.ts';

/** Where ODM writes its orthophoto (paths inside the task folder, for the `outputs` of /task/new/init). */
export const ODM_ORTHOPHOTO_OUTPUTS = ['odm_orthophoto/odm_orthophoto.tif', 'odm_orthophoto/odm_orthophoto.png'] as const;
const TIF = 'odm_orthophoto.tif';
const PNG = 'odm_orthophoto.png';
/** [bytes] largest GeoTIFF read from the archive (only its tags are read). */
const MAX_TIF_BYTES = 2 * 1024 * 1024 * 1024 - 1;

/** Thrown when the results cannot become an orthophoto (the job fails and refunds). */
export class ResultError extends Error {}

export interface PlacedOrthophoto {
  id: string;
  placement: OrthophotoPlacement;
  /** false: the building document held data of another shape and was left alone. */
  placed: boolean;
}

/** Stores the orthophoto of `zip` for a project and places it under the drawing. */
export async function storeOrthophoto(
  zip: Buffer,
  project: { id: number; userId: number; lat: number | null; lng: number | null },
  deps: { orthophotos: OrthophotoService; documents: DesignDocuments },
): Promise<PlacedOrthophoto> {
  const files = extractFiles(zip, [TIF, PNG], MAX_TIF_BYTES);
  const tifBytes = files.get(TIF);
  const png = files.get(PNG);
  if (!tifBytes || !png) throw new ResultError('the modelling results hold no orthophoto (odm_orthophoto.tif and .png)');
  const tif = readGeoTiff(tifBytes);
  const centre = geoTiffCentre(tif);
  if (!centre) throw new ResultError(`the orthophoto's coordinate system (EPSG ${tif.epsg ?? 'unknown'}) is not supported`);
  let upload: OrthophotoUpload;
  try {
    upload = await deps.orthophotos.add(project.id, [{ bytes: png, fileName: PNG }]);
  } catch (err) {
    throw new ResultError(`the orthophoto cannot be used: ${err instanceof Error ? err.message : String(err)} (limits: ${ORTHOPHOTO_LIMITS.maxSidePx} px a side)`);
  }
  const image = { id: upload.id, widthPx: upload.widthPx, heightPx: upload.heightPx };
  const saved = await deps.documents.change(project.userId, project.id, 'lite-re', undefined, (current) => {
    const parsed = current === null ? null : buildingDocumentSchema.safeParse(current);
    // Data of another shape is left alone: the image is stored, the user places it by hand.
    if (parsed && !parsed.success) return { data: current, result: { placement: placementOf(tif, image, originOf(null, project, centre)), placed: false } };
    const doc: BuildingDocument = parsed?.data ?? emptyBuildingDocument(originOf(null, project, centre));
    const origin = originOf(doc.origin, project, centre);
    const placement = placementOf(tif, image, origin);
    if (!placement) return { data: current, result: { placement, placed: false } };
    const next: BuildingDocument = { ...doc, origin, map: { ...doc.map, base: 'orthophoto', orthophoto: placement } };
    return { data: next, result: { placement, placed: true } };
  });
  const { placement, placed } = saved.result;
  if (!placement) throw new ResultError('the orthophoto cannot be placed');
  return { id: upload.id, placement, placed };
}

/** The plan origin: the document's, else the project's position, else the orthophoto's centre. */
function originOf(doc: { lat: number; lng: number } | null, project: { lat: number | null; lng: number | null }, centre: [number, number]): { lat: number; lng: number } {
  if (doc) return doc;
  if (project.lat !== null && project.lng !== null) return { lat: project.lat, lng: project.lng };
  return { lat: centre[1], lng: centre[0] };
}
