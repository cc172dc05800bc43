// The project file on the server (issue 17 §2; model/project-export.ts): a project exported as one
// JSON document, and a project file imported as a new project of the caller.
//
// Export: the row's facts (as the detail call answers them, less ids, people and times), every saved
// document but the generated report with its version, and the datasheets the design names — the
// layout's library module (read as the project's owner sees the library, else as the caller does)
// and the inverter models the configuration keeps as snapshots.
//
// Import (the choice for library equipment): the module is the one thing the design names only by
// library id (the yield reads its datasheet from the library, server/electrical/design-inputs.ts), so
// the layout keeps its library id when the caller sees an entry with that id and the very same
// datasheet (a system entry, or the caller's own), and otherwise the file's datasheet is re-created as
// a custom module of the caller's library and the layout points at it. Inverters stay inline: the
// configuration keeps each model's datasheet, which is what the yield and the checks read; their
// library id is kept when the caller sees that entry with the same datasheet, else set to null
// ("typed in for this project only"). Documents keep the versions they were exported with (so the
// versions they name of each other still match and a current shade analysis, cable routing or kept
// yield stays current); a drone orthophoto under the drawing is not in the file, so the drawing's
// base map falls back to the offline grid.
import type { FastifyInstance } from 'fastify';
import { basicInfoSchema, newProjectBody, type NewProject } from '../../model/api/projects.ts';
import type { DesignStep } from '../../model/api/design.ts';
import { inverterSchema, type Inverter } from '../../model/equipment-inverter.ts';
import { pvModuleSchema, type PvModule } from '../../model/equipment-module.ts';
import { inverterConfigDocumentSchema } from '../../model/electrical-design.ts';
import { layoutDocumentSchema, buildingDocumentSchema } from '../../model/design.ts';
import { PROJECT_EXPORT_KIND, type ProjectExport } from '../../model/project-export.ts';
import { EXPORTED_STEPS, PROJECT_FILE_GENERATOR } from '../../reports/project-file.ts';
import { apiError } from '../errors.ts';
import { keepDesignFigures } from '../projects/design-figures.ts';
import { detailOf, type ProjectRow } from '../projects/rows.ts';

/** The row facts a project file keeps (ProjectDetail less ids, people, times, thumbnails and figures the design gives). */
const DETAIL_KEPT = ['company', 'province', 'city', 'powerStationType', 'surveyType', 'gridType', 'reOrAiom', 'capacity', 'maxCapacity', 'description', 'weatherStation', 'basicInfo'] as const;

async function libraryModuleData(app: FastifyInstance, userIds: number[], libraryId: number): Promise<PvModule | null> {
  for (const userId of userIds) {
    try {
      const entry = await app.services.library.entry(userId, 'module', libraryId);
      const parsed = pvModuleSchema.safeParse(JSON.parse(entry.data));
      if (parsed.success) return parsed.data;
    } catch {
      // not visible to this user: try the next
    }
  }
  return null;
}

/** The project file of a project the caller may read (`userId`: whose library view to read the module with first). */
export async function exportProject(app: FastifyInstance, row: ProjectRow, userId: number): Promise<ProjectExport> {
  const { documents } = app.services;
  const versions = await documents.versions(row.id);
  const docs: Record<string, unknown> = {};
  const kept: Record<string, number> = {};
  for (const step of EXPORTED_STEPS) {
    if (!versions[step]) continue;
    const doc = await documents.read(row.id, step);
    if (doc.data === null) continue;
    docs[step] = doc.data;
    kept[step] = doc.version;
  }
  const layout = layoutDocumentSchema.safeParse(docs['component-layout']);
  const libraryId = layout.success ? (layout.data.module?.libraryId ?? null) : null;
  const module = libraryId === null ? null : await libraryModuleData(app, [row.user_id, userId], libraryId);
  const config = inverterConfigDocumentSchema.safeParse(docs['inverter-config']);
  const detail = detailOf(row) as Record<string, unknown>;
  return {
    kind: PROJECT_EXPORT_KIND,
    version: 1,
    exportedAt: app.clock.now().toISOString(),
    generator: PROJECT_FILE_GENERATOR,
    project: {
      name: row.name,
      address: row.address,
      latitude: row.lat ?? 0,
      longitude: row.lng ?? 0,
      elevation: (await app.services.weather.document(row.id)).elevation,
      details: Object.fromEntries(DETAIL_KEPT.map((k) => [k, detail[k] ?? null])),
    },
    documents: docs,
    versions: kept,
    equipment: {
      module,
      inverters: config.success ? config.data.inverterModels.map((m) => ({ key: m.key, data: m.data })) : [],
    },
  };
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The library id the caller's import uses for the file's module (see the file's header). */
async function importedModuleId(app: FastifyInstance, userId: number, libraryId: number | null, module: PvModule): Promise<number> {
  if (libraryId !== null) {
    const seen = await libraryModuleData(app, [userId], libraryId);
    if (seen && sameJson(seen, module)) return libraryId;
  }
  return app.services.library.addModule(userId, module);
}

async function importedInverterId(app: FastifyInstance, userId: number, libraryId: number | null, data: Inverter): Promise<number | null> {
  if (libraryId === null) return null;
  try {
    const entry = await app.services.library.entry(userId, 'inverter', libraryId);
    const seen = inverterSchema.safeParse(JSON.parse(entry.data));
    return seen.success && sameJson(seen.data, inverterSchema.parse(data)) ? libraryId : null;
  } catch {
    return null;
  }
}

/** The new project's fields from the file's facts (facts out of today's rules are left out). */
function newProjectOf(exp: ProjectExport): NewProject {
  const d = exp.project.details;
  const info = basicInfoSchema.safeParse(d.basicInfo ?? {});
  const pick = (k: string) => (d[k] === null ? undefined : d[k]);
  const candidate = {
    name: exp.project.name,
    company: pick('company'),
    description: pick('description'),
    powerStationType: pick('powerStationType') ?? 'RESIDENTIAL',
    surveyType: 'SATELLITE',
    gridType: pick('gridType'),
    reOrAiom: pick('reOrAiom'),
    capacity: pick('capacity'),
    maxCapacity: pick('maxCapacity'),
    address: exp.project.address ?? undefined,
    province: pick('province'),
    city: pick('city'),
    lat: exp.project.latitude,
    lng: exp.project.longitude,
    weatherStation: pick('weatherStation'),
    basicInfo: info.success ? info.data : {},
  };
  const full = newProjectBody.safeParse(candidate);
  if (full.success) return full.data;
  // Keep what today's rules accept, field by field.
  const base = newProjectBody.parse({ name: candidate.name, powerStationType: 'RESIDENTIAL', lat: candidate.lat, lng: candidate.lng });
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(candidate)) {
    if (v === undefined) continue;
    const one = newProjectBody.safeParse({ ...base, [k]: v });
    if (one.success) out[k] = (one.data as Record<string, unknown>)[k];
  }
  return out as NewProject;
}

/** Imports a checked project file (src/reports/project-file.ts) as a new project of `userId`; answers its id. */
export async function importProject(app: FastifyInstance, userId: number, exp: ProjectExport): Promise<number> {
  const { projects, documents } = app.services;
  const docs: Record<string, unknown> = { ...exp.documents };
  delete docs.report;
  // The layout's module (see the file's header).
  const layout = layoutDocumentSchema.safeParse(docs['component-layout']);
  if (layout.success && layout.data.module && exp.equipment.module) {
    const id = await importedModuleId(app, userId, layout.data.module.libraryId, exp.equipment.module);
    docs['component-layout'] = { ...(docs['component-layout'] as object), module: { ...layout.data.module, libraryId: id } };
  } else if (layout.success && layout.data.module && layout.data.module.libraryId !== null) {
    const seen = await libraryModuleData(app, [userId], layout.data.module.libraryId);
    if (!seen) throw apiError('VALIDATION', { field: 'equipment.module', message: 'the layout names a library module the file does not carry' }, { field: 'equipment.module' });
  }
  const config = inverterConfigDocumentSchema.safeParse(docs['inverter-config']);
  if (config.success) {
    const models = [];
    for (const m of config.data.inverterModels) models.push({ ...m, libraryId: await importedInverterId(app, userId, m.libraryId, m.data) });
    docs['inverter-config'] = { ...(docs['inverter-config'] as object), inverterModels: models };
  }
  const building = buildingDocumentSchema.safeParse(docs['lite-re']);
  if (building.success && building.data.map.orthophoto) {
    docs['lite-re'] = { ...(docs['lite-re'] as object), map: { base: 'offline', orthophoto: null } };
  }
  const created = await projects.create(userId, newProjectOf(exp));
  const projectId = created.projectId;
  const now = app.clock.now();
  await app.db.transaction().execute(async (tx) => {
    const rows = Object.entries(docs).map(([step, data]) => ({
      project_id: projectId,
      step: step as DesignStep,
      version: exp.versions?.[step] ?? 1,
      data: JSON.stringify(data),
      updated_at: now,
      updated_by: userId,
    }));
    if (rows.length > 0) await tx.insertInto('project_documents').values(rows).execute();
    await keepDesignFigures(tx, documents, projectId);
  });
  return projectId;
}
