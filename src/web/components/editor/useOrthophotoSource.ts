// The drone orthophoto the base map shows (styles.ts OrthophotoImage): the image named by the building
// document's map.orthophoto, downloaded with the session's headers into a blob: URL (revoked when the
// image changes or the editor closes), on the corners its placement gives around the document's
// origin. null while there is no placement, no origin, or no downloaded image (the map then falls
// back to the plan grid and says why).
import { useEffect, useMemo, useState } from 'react';
import type { BuildingDocument } from '../../../model/design.ts';
import { orthophotoCorners } from '../../editor/map/orthophoto.ts';
import { downloadOrthophoto } from '../../editor/map/orthophoto-api.ts';
import { createPlanProjection } from '../../editor/map/projection.ts';
import type { OrthophotoImage } from '../../editor/map/styles.ts';

export function useOrthophotoSource(projectId: number, building: BuildingDocument): OrthophotoImage | null {
  const placement = building.map.orthophoto;
  const id = placement?.id ?? null;
  const [image, setImage] = useState<{ id: string; url: string } | null>(null);

  useEffect(() => {
    if (!id) {
      setImage(null);
      return;
    }
    const ctl = new AbortController();
    let url: string | null = null;
    downloadOrthophoto(projectId, id, ctl.signal)
      .then((blob) => {
        if (ctl.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setImage({ id, url });
      })
      .catch(() => {
        if (!ctl.signal.aborted) setImage(null);
      });
    return () => {
      ctl.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [projectId, id]);

  const lat = building.origin?.lat;
  const lng = building.origin?.lng;
  return useMemo(() => {
    if (!placement || lat === undefined || lng === undefined || !image || image.id !== placement.id) return null;
    try {
      return { url: image.url, corners: orthophotoCorners(placement, createPlanProjection({ lat, lng })) };
    } catch {
      return null; // an origin outside Web Mercator: the map reports it itself
    }
  }, [placement, lat, lng, image]);
}
