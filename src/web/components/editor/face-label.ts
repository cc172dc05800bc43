// How a roof face (or a module plane) is named to the user: the compass direction it looks towards and
// its tilt ('South 30°' / '南向 30°'; a flat roof by that name). layout/face-yield.ts faceDirection.
import type { TFunction } from 'i18next';
import { faceDirection } from '../../editor/layout/face-yield.ts';

export function faceLabel(t: TFunction, plane: { tilt: number; azimuth: number }): string {
  const dir = faceDirection(plane);
  if (dir === 'flat') return t('placeOrder.dir.flat');
  return t('placeOrder.face', { dir: t(`placeOrder.dir.${dir}`), tilt: Math.round(plane.tilt) });
}
