// Per-module shade figures (issue 18): each module's annual shading loss, its solar access and its
// TSRF, from the saved shade run (beam and diffuse shading per module, shade-input.ts) and the annual
// irradiation of the module's plane and of the optimal plane on the project's weather
// (api/plane-irradiation.ts; physics in src/physics/plane-irradiation.ts).
//
// Annual loss: the share of the module's annual plane-of-array irradiation the near shading takes,
//   loss = (beam · H_beam + diffuse · H_sky) / H_poa,
// beam the run's beamShading (the shaded share of the beam weighted by cos θ over the year's sunlit
// steps) applied to the beam, diffuse its sky-view shading applied to the sky diffuse; the
// ground-reflected part is not shaded. Without the irradiation the loss is the beam shading alone.
// Solar access = 1 − loss (the share of the unshaded POA the module receives).
// TSRF (total solar resource fraction, as Solmetric's SunEye and the US incentive programmes use it):
//   TSRF = solar access × TOF,  TOF = H_poa(module's tilt and azimuth) / H_poa(optimal plane),
// the optimal plane facing the equator at the tilt with the most annual POA on the same weather.
import type { PlaneIrradiationAnswer } from '../../../model/api/plane-irradiation.ts';
import type { LayoutDocument, ShadeDocument } from '../../../model/design.ts';
import { planeKey } from '../../api/plane-irradiation.ts';
import { moduleCount } from '../document/layout.ts';

/** A plane's annual irradiation [kWh m⁻²] (the parts the figures need). */
export type PlaneParts = Pick<PlaneIrradiationAnswer, 'poaKwhM2' | 'beamKwhM2' | 'skyDiffuseKwhM2'>;

/**
 * A module's annual loss [0–1] from its beam and diffuse shading [0–1] and its plane's annual
 * irradiation; the beam shading alone when the irradiation is unknown.
 */
export function annualLoss(beam: number, diffuse: number, plane: PlaneParts | null): number {
  if (plane === null || !(plane.poaKwhM2 > 0)) return beam;
  return (beam * plane.beamKwhM2 + diffuse * plane.skyDiffuseKwhM2) / plane.poaKwhM2;
}

/** TSRF [0–1]: (1 − loss) × POA(module plane) / POA(optimal plane). */
export function tsrf(loss: number, planePoa: number, optimalPoa: number): number {
  return ((1 - loss) * planePoa) / optimalPoa;
}

/** One module's figures. */
export interface ModuleShadeDetail {
  /** `${arrayId}:${index}` (shade-input.ts moduleId). */
  readonly key: string;
  readonly arrayId: string;
  readonly index: number;
  /** The module's plane [°]. */
  readonly tilt: number;
  readonly azimuth: number;
  /** The run's beam and diffuse shading [0–1]. */
  readonly beam: number;
  readonly diffuse: number;
  /** Annual loss and solar access [0–1]. */
  readonly loss: number;
  readonly access: number;
  /** TOF and TSRF [0–1]; null without the irradiation. */
  readonly tof: number | null;
  readonly tsrf: number | null;
}

/** The irradiation the figures are weighed with: by plane key (api/plane-irradiation.ts), and the optimal plane. */
export interface DetailIrradiation {
  readonly byPlane: ReadonlyMap<string, PlaneIrradiationAnswer>;
  readonly optimal: Pick<PlaneIrradiationAnswer, 'poaKwhM2'>;
}

/**
 * Every module's figures, arrays in layout order, modules in centre order; arrays the run does not
 * cover (other module counts) are left out.
 */
export function shadeDetails(shade: ShadeDocument, layout: LayoutDocument, irradiation: DetailIrradiation | null): ModuleShadeDetail[] {
  const byArray = new Map(shade.arrays.map((s) => [s.arrayId, s]));
  const out: ModuleShadeDetail[] = [];
  for (const a of layout.arrays) {
    const s = byArray.get(a.id);
    const n = moduleCount(a);
    if (!s || s.beam.length !== n || s.diffuse.length !== n) continue;
    const plane = irradiation?.byPlane.get(planeKey(a)) ?? null;
    const optimal = irradiation?.optimal.poaKwhM2 ?? 0;
    const tof = plane !== null && optimal > 0 ? plane.poaKwhM2 / optimal : null;
    for (let i = 0; i < n; i++) {
      const loss = annualLoss(s.beam[i], s.diffuse[i], plane);
      out.push({
        key: `${a.id}:${i}`,
        arrayId: a.id,
        index: i,
        tilt: a.tilt,
        azimuth: a.azimuth,
        beam: s.beam[i],
        diffuse: s.diffuse[i],
        loss,
        access: 1 - loss,
        tof,
        tsrf: tof === null ? null : tsrf(loss, plane!.poaKwhM2, optimal),
      });
    }
  }
  return out;
}

/** The annual losses per array, in centre order, as the heat map takes them (render/plan-modules.ts ModuleShade). */
export function lossesByArray(details: readonly ModuleShadeDetail[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const d of details) {
    let list = out.get(d.arrayId);
    if (!list) out.set(d.arrayId, (list = []));
    list[d.index] = d.loss;
  }
  return out;
}
