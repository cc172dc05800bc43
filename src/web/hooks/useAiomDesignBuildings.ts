// The building outlines of the design a plant is bound to (its 'lite-re' document), in the design's
// plan frame (x east, y north [m]) — what the flight plan is drawn over. Empty while loading, without a
// bound design, or when the design has no closed building.
import { useEffect, useState } from 'react';
import { buildingDocumentSchema } from '../../model/design.ts';
import { listDevices } from '../api/aiom-devices.ts';
import { httpDesignApi } from '../editor/save/design-api.ts';

export function useAiomDesignBuildings(projectId: number): { x: number; y: number }[][] {
  const [rings, setRings] = useState<{ x: number; y: number }[][]>([]);
  useEffect(() => {
    let live = true;
    (async () => {
      const designId = (await listDevices(projectId)).designProjectId;
      if (designId === null) return;
      const doc = await httpDesignApi().read('building', designId);
      if (!doc.data || !live) return;
      const parsed = buildingDocumentSchema.parse(doc.data);
      setRings(parsed.buildings.filter((b) => b.closed && b.outline.length >= 3).map((b) => b.outline.map((p) => ({ x: p.x, y: p.y }))));
    })().catch(() => undefined);
    return () => {
      live = false;
    };
  }, [projectId]);
  return rings;
}
