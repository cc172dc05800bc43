// Winter-solstice shadows for the plan view (docs/PRODUCT.md "Shading"; GB 50797's 09:00–15:00 window): the
// shadows the designer's obstacles and the placed modules throw at 09:00, 12:00 and 15:00 true solar
// time on the winter solstice at the project's latitude (src/design-rules/winter-shadows.ts), as plan rings.
// Obstacles stand on the roof under them (document/obstacle-stand.ts), as in the shade scene.
import type { BuildingDocument, LayoutDocument } from '../../../model/design.ts';
import { winterShadows, type WinterShadow } from '../../../design-rules/winter-shadows.ts';
import { allModuleCorners } from '../document/layout.ts';
import { shadeObstacles, type RoofOutputs } from './shade-input.ts';

export type { WinterShadow };
export { WINTER_TIMES } from '../../../design-rules/winter-shadows.ts';

export interface WinterShadowOptions {
  /** Include the modules' own shadows (rows shading rows). Default true. */
  modules?: boolean;
  /** The roofs the obstacles stand on (default: each closed outline flat at its eave). */
  roofs?: RoofOutputs;
}

/**
 * The three shadow sets; empty until the project has a position. Obstacles the engine's schema
 * rejects are the building step's to fix: they are left out here rather than failing the view.
 */
export function winterShadowsOf(building: BuildingDocument, layout: LayoutDocument | null, options: WinterShadowOptions = {}): WinterShadow[] {
  if (building.origin === null) return [];
  const modules = layout !== null && options.modules !== false ? allModuleCorners(layout) : [];
  try {
    return winterShadows({ latitude: building.origin.lat, obstacles: shadeObstacles(building, options.roofs ?? {}), modules });
  } catch {
    return winterShadows({ latitude: building.origin.lat, modules });
  }
}
