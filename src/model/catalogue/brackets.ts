// Mounting-structure types the PV Layout step chooses from (spec 000 §7 "bracket/list"): generic
// structure types, not brand products, each with the parameters the layout and the simulation use —
// the layout mounting (src/model/layout.ts mountingSchema: flush or tilted racks, modules stacked per
// rack, portrait/landscape), the tilt range and default, ground clearance, the row-spacing rule and the
// thermal model of the mounting (src/model/simulate.ts temperatureModelSchema).
//
// Sources:
// - Row spacing: GB 50797-2012 "Code for design of photovoltaic power station" §6.8.3 — rows must not
//   shade each other between 09:00 and 15:00 true solar time on the winter solstice (the compute call
//   calc-best-distance and the layout's rowSpacing null implement it).
// - Tracker row pitch: pvlib.tracking.singleaxis — pitch = collector width / GCR; pvlib's default
//   GCR 2/7 and backtracking.
// - Thermal: PVsyst help "Array thermal losses" — U_c = 29 W/m²K free-standing (air on both sides),
//   20 W/m²K semi-integrated with an air duct behind, 15 W/m²K fully insulated back; U_v = 0
//   (pvlib.temperature.pvsyst_cell documents the same values). SAPM classes of King et al. (2004),
//   "Photovoltaic Array Performance Model", SAND2004-3535, Table 1 (pvlib TEMPERATURE_MODEL_PARAMETERS).
// - Tilt ranges, default rows per rack and clearances are our design defaults (typical of the
//   structure type; the designer changes them per project); they are marked `source: 'default'`.
import { z } from 'zod';

export const bracketIds = ['roof-flush-pitched', 'roof-flush-metal', 'flat-roof-ballast', 'flat-roof-fixed', 'ground-fixed', 'single-axis-tracker'] as const;
export type BracketId = (typeof bracketIds)[number];

/** How rows are spaced. */
export const rowSpacingRuleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none'), note: z.string() }),
  z.object({ kind: z.literal('winter-solstice'), standard: z.string(), note: z.string() }),
  z.object({ kind: z.literal('gcr'), gcr: z.number(), note: z.string() }),
]);

export const bracketSchema = z.object({
  id: z.enum(bracketIds),
  nameEn: z.string(),
  nameZh: z.string(),
  /** Roof or ground types it is used on. */
  surfaces: z.array(z.enum(['pitched-roof', 'metal-roof', 'flat-roof', 'ground'])),
  /** The layout's mounting type (flush: on the face plane; tilted: racks in rows); null: not laid out by the layout engine. */
  layoutMounting: z.enum(['flush', 'tilted']).nullable(),
  /** [°] the tilt the structure allows; null for flush (the roof's pitch). */
  tiltRange: z.tuple([z.number(), z.number()]).nullable(),
  /** [°] default tilt; 'roof': the roof face's pitch; 'optimal': calc-best-dip-lite at the site. */
  defaultTilt: z.union([z.number(), z.enum(['roof', 'optimal'])]),
  orientation: z.enum(['portrait', 'landscape']),
  /** Modules stacked up one rack or table (the layout's modulesPerColumn). */
  rowsPerTable: z.number().int(),
  /** [m] lowest module edge above the roof or ground. */
  groundClearance: z.number(),
  rowSpacing: rowSpacingRuleSchema,
  /** PVsyst thermal model of the mounting: U_c [W/m²K], U_v [W/m²K per m/s]. */
  thermal: z.object({ model: z.literal('pvsyst'), uc: z.number(), uv: z.number(), sapmClass: z.string() }),
  /** Can the layout and simulation engines model it now? */
  supported: z.boolean(),
  note: z.string(),
});
export type Bracket = z.infer<typeof bracketSchema>;

const GB50797 = 'GB 50797-2012 §6.8.3';
const WINTER: Bracket['rowSpacing'] = {
  kind: 'winter-solstice',
  standard: GB50797,
  note: 'clear distance so that rows do not shade each other 09:00–15:00 true solar time on the winter solstice',
};
const FLUSH_SPACING: Bracket['rowSpacing'] = { kind: 'none', note: 'modules lie in the roof plane: no row shading; only the module gap' };

export const BRACKETS: readonly Bracket[] = [
  {
    id: 'roof-flush-pitched',
    nameEn: 'Roof-parallel flush mount (pitched tile roof)',
    nameZh: '坡屋面平铺支架（瓦屋面）',
    surfaces: ['pitched-roof'],
    layoutMounting: 'flush',
    tiltRange: null,
    defaultTilt: 'roof',
    orientation: 'portrait',
    rowsPerTable: 1,
    groundClearance: 0.1,
    rowSpacing: FLUSH_SPACING,
    thermal: { model: 'pvsyst', uc: 20, uv: 0, sapmClass: 'close_mount_glass_glass' },
    supported: true,
    note: 'rails on roof hooks parallel to the tiles; air duct behind the modules (PVsyst semi-integrated)',
  },
  {
    id: 'roof-flush-metal',
    nameEn: 'Flush mount on metal roof (clamps)',
    nameZh: '彩钢瓦屋面夹具平铺支架',
    surfaces: ['metal-roof'],
    layoutMounting: 'flush',
    tiltRange: null,
    defaultTilt: 'roof',
    orientation: 'portrait',
    rowsPerTable: 1,
    groundClearance: 0.1,
    rowSpacing: FLUSH_SPACING,
    thermal: { model: 'pvsyst', uc: 20, uv: 0, sapmClass: 'close_mount_glass_glass' },
    supported: true,
    note: 'seam clamps or short rails on standing-seam or trapezoidal sheet, no roof penetration for standing seams',
  },
  {
    id: 'flat-roof-ballast',
    nameEn: 'Tilted ballasted rack (flat roof)',
    nameZh: '平屋面配重倾斜支架',
    surfaces: ['flat-roof'],
    layoutMounting: 'tilted',
    tiltRange: [5, 15],
    defaultTilt: 10,
    orientation: 'landscape',
    rowsPerTable: 1,
    groundClearance: 0.2,
    rowSpacing: WINTER,
    thermal: { model: 'pvsyst', uc: 29, uv: 0, sapmClass: 'open_rack_glass_glass' },
    supported: true,
    note: 'no roof penetration; low tilt keeps wind load and ballast small — check the roof’s spare load capacity',
  },
  {
    id: 'flat-roof-fixed',
    nameEn: 'Tilted fixed rack, anchored (flat concrete roof)',
    nameZh: '平屋面固定倾角支架（混凝土基础）',
    surfaces: ['flat-roof'],
    layoutMounting: 'tilted',
    tiltRange: [10, 35],
    defaultTilt: 'optimal',
    orientation: 'portrait',
    rowsPerTable: 2,
    groundClearance: 0.3,
    rowSpacing: WINTER,
    thermal: { model: 'pvsyst', uc: 29, uv: 0, sapmClass: 'open_rack_glass_glass' },
    supported: true,
    note: 'racks on concrete piers cast on the roof slab; default tilt is the site optimum (calc-best-dip-lite)',
  },
  {
    id: 'ground-fixed',
    nameEn: 'Ground-mounted fixed tilt',
    nameZh: '地面固定倾角支架',
    surfaces: ['ground'],
    layoutMounting: 'tilted',
    tiltRange: [10, 40],
    defaultTilt: 'optimal',
    orientation: 'portrait',
    rowsPerTable: 2,
    groundClearance: 0.5,
    rowSpacing: WINTER,
    thermal: { model: 'pvsyst', uc: 29, uv: 0, sapmClass: 'open_rack_glass_glass' },
    supported: true,
    note: 'piles or concrete footings; the lowest edge must also clear the local snow depth, flood level and vegetation',
  },
  {
    id: 'single-axis-tracker',
    nameEn: 'Horizontal single-axis tracker (north–south axis)',
    nameZh: '平单轴跟踪支架（南北轴）',
    surfaces: ['ground'],
    layoutMounting: null,
    tiltRange: [-60, 60],
    defaultTilt: 0,
    orientation: 'portrait',
    rowsPerTable: 1,
    groundClearance: 0.5,
    rowSpacing: { kind: 'gcr', gcr: 2 / 7, note: 'pitch = collector width / GCR with backtracking (pvlib.tracking.singleaxis default GCR 2/7)' },
    thermal: { model: 'pvsyst', uc: 29, uv: 0, sapmClass: 'open_rack_glass_glass' },
    supported: false,
    note: 'tilt range is the rotation limit; the layout and simulation engines do not model tracking yet',
  },
];

/** The brackets for a surface (all when none is given). */
export function bracketsFor(surface?: Bracket['surfaces'][number]): Bracket[] {
  return BRACKETS.filter((b) => !surface || b.surfaces.includes(surface));
}

/**
 * The tilt to use on a bracket: the roof pitch for flush mounts, the site optimum when the default
 * says so, a number clamped into the bracket's range otherwise [°].
 */
export function bracketTilt(b: Bracket, roofPitch: number, optimalTilt: number): number {
  if (b.defaultTilt === 'roof') return roofPitch;
  const t = b.defaultTilt === 'optimal' ? optimalTilt : b.defaultTilt;
  return b.tiltRange ? Math.min(b.tiltRange[1], Math.max(b.tiltRange[0], t)) : t;
}
