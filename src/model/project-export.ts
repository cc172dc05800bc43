// The project file (issue 17, ENGINE-API "report": "a project document (the project export: site,
// weather, design, strings, results, economics)"): everything a project is, in one JSON document —
// its row's facts, every saved design document as stored (model/api/design.ts DESIGN_STEPS), and the
// datasheets of the equipment the design names, so the file stands alone (another account, another
// server, the headless `pvstudio report`). Exported by the server, imported back as a new project.
import { z } from 'zod';
import { inverterSchema } from './equipment-inverter.ts';
import { pvModuleSchema } from './equipment-module.ts';

export const PROJECT_EXPORT_KIND = 'pvstudio-project';

/** Largest project file accepted [bytes of JSON]. */
export const PROJECT_EXPORT_MAX_BYTES = 64 * 1024 * 1024;

export const projectExportSchema = z.object({
  kind: z.literal(PROJECT_EXPORT_KIND),
  version: z.literal(1),
  exportedAt: z.string().max(40),
  /** "PV Studio <version>". */
  generator: z.string().max(80),
  project: z.object({
    name: z.string().min(1).max(200),
    address: z.string().max(500).nullable(),
    /** WGS-84 [°]. */
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    /** Site elevation [m]; null when unknown. */
    elevation: z.number().min(-500).max(9000).nullable(),
    /** The row's other facts (power-station type, survey type, operation mode, description, basic info…), as the detail call answers them. */
    details: z.record(z.string(), z.unknown()),
  }),
  /** Every saved design document by step name (DESIGN_STEPS), its data as stored; steps never saved are absent. */
  documents: z.record(z.string(), z.unknown()),
  /**
   * The version each document had when exported (optional, an addition of issue 17's import): an import
   * keeps them, so the versions the documents name of each other (a shade analysis's layout, a cable
   * document's configuration, a simulation's basis) still match; absent: every document is version 1.
   */
  versions: z.record(z.string(), z.int().min(1).max(2_147_483_647)).optional(),
  /** Datasheets of what the design uses: the layout's module and the inverter models (library entries copied in). */
  equipment: z.object({
    module: pvModuleSchema.nullable(),
    inverters: z.array(z.object({ key: z.string(), data: inverterSchema })),
  }),
});
export type ProjectExport = z.infer<typeof projectExportSchema>;
