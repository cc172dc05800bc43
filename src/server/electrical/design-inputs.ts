// What the Electrical step's calls read from a project's saved design: the layout ('component-layout')
// and its modules by reference, the library module it uses, the building outlines ('lite-re') the
// inverters hang on, and the current shade analysis (its annual factors and, when kept, its hourly
// record: shade-factors.ts). A missing layout, or a module typed in without the library's electrical
// data, is a 400 the user can act on.
import { buildingDocumentSchema, layoutDocumentSchema, type LayoutDocument } from '../../model/design.ts';
import { moduleRef } from '../../model/electrical-design.ts';
import type { PvModule } from '../../model/equipment-module.ts';
import { apiError } from '../errors.ts';
import type { LibraryService } from '../library/library.ts';
import { moduleSummary } from '../library/library.ts';
import type { DesignDocuments } from '../projects/documents.ts';
import { moduleShading, type ModuleShading } from './shade-factors.ts';

type XY = [number, number];

/** One module of the layout. */
export interface LayoutModule {
  ref: string;
  arrayIndex: number;
  /** Index in the array's centres. */
  index: number;
  x: number;
  y: number;
  /** The roof face it stands on: `${buildingId}/${faceId}` (strings never cross it). */
  faceKey: string;
}

/** The saved layout with at least one module (400 ELECTRICAL_NO_LAYOUT otherwise). */
export async function readLayout(documents: DesignDocuments, projectId: number): Promise<{ version: number; doc: LayoutDocument }> {
  const stored = await documents.read(projectId, 'component-layout');
  const parsed = layoutDocumentSchema.safeParse(stored.data);
  if (!parsed.success || parsed.data.arrays.every((a) => a.centers.length === 0)) throw apiError('ELECTRICAL_NO_LAYOUT', {}, { field: 'projectId' });
  return { version: stored.version, doc: parsed.data };
}

/** Every module of a layout, arrays in order, each array's centres in order. */
export function layoutModules(layout: Pick<LayoutDocument, 'arrays'>): LayoutModule[] {
  const out: LayoutModule[] = [];
  layout.arrays.forEach((a, arrayIndex) => {
    const faceKey = `${a.buildingId}/${a.faceId}`;
    for (let i = 0; 3 * i < a.centers.length; i++) {
      out.push({ ref: moduleRef(a.id, i), arrayIndex, index: i, x: a.centers[3 * i], y: a.centers[3 * i + 1], faceKey });
    }
  });
  return out;
}

/** The layout's module from the user's library (400 when typed in or no longer in the library). */
export async function libraryModule(library: LibraryService, userId: number, layout: Pick<LayoutDocument, 'module'>): Promise<{ libraryId: number; module: PvModule }> {
  const libraryId = layout.module?.libraryId ?? null;
  if (libraryId === null) throw apiError('ELECTRICAL_MODULE_NOT_IN_LIBRARY', {}, { field: 'projectId' });
  try {
    return { libraryId, module: moduleSummary(await library.entry(userId, 'module', libraryId)).module };
  } catch {
    throw apiError('ELECTRICAL_MODULE_NOT_IN_LIBRARY', {}, { field: 'projectId' });
  }
}

/** The closed building outlines of the saved building document, and its version. */
export async function buildingOutlines(documents: DesignDocuments, projectId: number): Promise<{ version: number; rings: XY[][] }> {
  const stored = await documents.read(projectId, 'lite-re');
  const parsed = buildingDocumentSchema.safeParse(stored.data);
  const rings = parsed.success ? parsed.data.buildings.filter((b) => b.closed && b.outline.length >= 3).map((b) => b.outline.map((p): XY => [p.x, p.y])) : [];
  return { version: stored.version, rings };
}

/** The modules' shading when the stored shade analysis is current for the layout and buildings. */
export async function currentShading(
  documents: DesignDocuments,
  projectId: number,
  layout: Pick<LayoutDocument, 'arrays'>,
  versions: { layoutVersion: number; buildingVersion: number },
): Promise<ModuleShading | null> {
  return moduleShading(await documents.read(projectId, 'shade-analysis'), layout, versions);
}
