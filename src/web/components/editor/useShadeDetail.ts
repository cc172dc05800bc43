// The per-module shade figures of the saved shade run (editor/shade/shade-detail.ts) with the heat
// map's losses and its fitted colour scale (editor/shade/heat-scale.ts), weighed with the annual
// irradiation of the modules' planes on the project's weather (one server call, shared by the heat
// map, the hover tip and the table through api/plane-irradiation.ts's cache). Until that answer comes
// — or when it cannot — the loss is the beam shading alone (`weighed` false).
import { useEffect, useMemo, useState } from 'react';
import type { LayoutDocument, ShadeDocument } from '../../../model/design.ts';
import { fetchPlaneIrradiation, planeKey, type PlaneIrradiationTable } from '../../api/plane-irradiation.ts';
import type { ModuleShade } from '../../editor/render/plan-modules.ts';
import { fittedScale, type HeatScale } from '../../editor/shade/heat-scale.ts';
import { lossesByArray, shadeDetails, type ModuleShadeDetail } from '../../editor/shade/shade-detail.ts';

export interface ShadeDetailView {
  readonly details: readonly ModuleShadeDetail[];
  readonly byKey: ReadonlyMap<string, ModuleShadeDetail>;
  /** The heat map: annual loss per module, by array. */
  readonly moduleShade: ModuleShade;
  /** The heat map's colour scale (null: no module has a value). */
  readonly scale: HeatScale | null;
  /** Whether the losses are weighed with the weather (else beam shading only, no TSRF). */
  readonly weighed: boolean;
}

export function useShadeDetail(projectId: number, origin: { lat: number; lng: number } | null, shade: ShadeDocument | null, layout: LayoutDocument): ShadeDetailView | null {
  const planes = useMemo(() => layout.arrays.map((a) => ({ tilt: a.tilt, azimuth: a.azimuth })), [layout]);
  const planesKey = [...new Set(planes.map(planeKey))].sort().join(',');
  const [irradiation, setIrradiation] = useState<{ key: string; table: PlaneIrradiationTable | null } | null>(null);
  const ask = shade !== null && origin !== null && planes.length > 0;
  const requestKey = ask ? `${projectId}|${origin.lat},${origin.lng}|${planesKey}` : '';
  useEffect(() => {
    if (!ask || origin === null) return;
    let live = true;
    fetchPlaneIrradiation({ projectId, latitude: origin.lat, longitude: origin.lng }, planes)
      .then((table) => live && setIrradiation({ key: requestKey, table }))
      .catch(() => live && setIrradiation({ key: requestKey, table: null }));
    return () => {
      live = false;
    };
    // The request is named by its key (project, site, distinct planes).
  }, [requestKey]);
  const table = irradiation?.key === requestKey ? irradiation.table : null;
  return useMemo(() => {
    if (shade === null) return null;
    const details = shadeDetails(shade, layout, table);
    return {
      details,
      byKey: new Map(details.map((d) => [d.key, d])),
      moduleShade: lossesByArray(details),
      scale: fittedScale(details.map((d) => d.loss)),
      weighed: table !== null,
    };
  }, [shade, layout, table]);
}
