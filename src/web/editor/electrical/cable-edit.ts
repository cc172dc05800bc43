// The cable table of the Electrical step (DOM-free): a cable's name by its ends ("S3 → INV-1"), a
// change of its material or section, and the totals.
//
// A changed cable's drop, loss and ampacity are worked out with the server's own rule
// (src/electrical/cable-sizing.ts withFigures), so the table shows what updateCable will store.
import type { CableDocument, CableMaterial, InverterConfigDocument, RoutedCable } from '../../../model/electrical-design.ts';
import { withFigures } from '../../../electrical/cable-sizing.ts';

/** History label of a cable change (i18n key). */
export const CABLE_EDIT_LABEL = 'electrical.history.cable';

/** The name of one end of a cable: "S3", "INV-1", "CB-2", or 'grid' (the UI translates it). */
export function endName(config: Pick<InverterConfigDocument, 'strings' | 'inverters' | 'combiners'> | null, end: RoutedCable['from']): string {
  switch (end.kind) {
    case 'grid':
      return 'grid';
    case 'string': {
      const s = config?.strings.find((x) => x.id === end.id);
      return s ? `S${s.number}` : end.id;
    }
    case 'inverter':
      return config?.inverters.find((x) => x.id === end.id)?.name ?? end.id;
    case 'combiner':
      return config?.combiners.find((x) => x.id === end.id)?.name ?? end.id;
  }
}

/** "S3 → INV-1". */
export function cableName(config: Pick<InverterConfigDocument, 'strings' | 'inverters' | 'combiners'> | null, c: Pick<RoutedCable, 'from' | 'to'>): string {
  return `${endName(config, c.from)} → ${endName(config, c.to)}`;
}

/** The cable with another material and section and its figures worked out again (header). */
export function withConductor(c: RoutedCable, material: CableMaterial, crossSection: number): RoutedCable {
  if (c.material === material && c.crossSection === crossSection) return c;
  return withFigures({ ...c, material, crossSection });
}

/** The document with one cable's material and section changed (the same object when nothing changes). */
export function setConductor(doc: CableDocument, cableId: string, material: CableMaterial, crossSection: number): CableDocument {
  const c = doc.cables.find((x) => x.id === cableId);
  if (!c) return doc;
  const next = withConductor(c, material, crossSection);
  return next === c ? doc : { ...doc, cables: doc.cables.map((x) => (x === c ? next : x)) };
}

export { cableTotals, type CableTotals } from '../../../electrical/cable-sizing.ts';
