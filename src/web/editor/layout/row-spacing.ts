// The automatic row spacing the settings form shows when the user leaves it empty (rowSpacing null):
// the GB 50797 winter-solstice design rule (src/design-rules/row-spacing.ts: no rack row shades the next
// between 09:00 and 15:00 true solar time on the winter solstice) for the racks the settings describe:
// n modules stacked up a rack of tilt t, slope length L = n·up + (n − 1)·gap y, top edge L·sin t
// above the next row's foot, looking towards the settings' azimuth.
import { azimuthFromSouth, type LayoutModuleChoice, type LayoutSettings } from '../../../model/design.ts';
import { winterRowSpacing } from '../../../design-rules/row-spacing.ts';
import { moduleSides } from '../document/layout.ts';

const D2R = Math.PI / 180;

/** Slope length L and plan depth L·cos t of one rack [m]. */
export function rackSize(module: Pick<LayoutModuleChoice, 'length' | 'width'>, settings: LayoutSettings): { slope: number; depth: number; height: number } {
  const { up } = moduleSides(module, settings.orientation);
  const n = settings.modulesPerColumn;
  const slope = n * up + (n - 1) * settings.gapY;
  return { slope, depth: slope * Math.cos(settings.tilt * D2R), height: slope * Math.sin(settings.tilt * D2R) };
}

/**
 * The clear row spacing [m] the engine uses when rowSpacing is null; null when it cannot be worked
 * out (no latitude yet, or a polar winter: the sun below the horizon during the window).
 */
export function automaticRowSpacing(module: Pick<LayoutModuleChoice, 'length' | 'width'>, settings: LayoutSettings, latitude: number | null): number | null {
  if (latitude === null) return null;
  const d = winterRowSpacing(rackSize(module, settings).height, latitude, azimuthFromSouth(settings.azimuthSouth));
  return Number.isFinite(d) ? d : null;
}

/** The spacing that applies: the user's, else the automatic one [m]. */
export function effectiveRowSpacing(module: Pick<LayoutModuleChoice, 'length' | 'width'>, settings: LayoutSettings, latitude: number | null): number | null {
  return settings.rowSpacing ?? automaticRowSpacing(module, settings, latitude);
}
