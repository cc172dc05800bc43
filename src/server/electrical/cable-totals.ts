// Totals of a cable document (spec 000 §7 "cable/length"; the routing's summary): route length and
// conductor length by cable kind and by material and section, and the summary of the automatic routing
// (DC and AC length and loss, the largest drop). A route of one-way length L holds 2·L of conductor
// for DC and single-phase AC and 3·L for three-phase AC (the protective and neutral conductors are not
// counted: they are not sized here).
import type { CableLength } from '../../model/api/electrical.ts';
import type { CableDocument, RoutedCable } from '../../model/electrical-design.ts';
import { lossConductors } from '../../electrical/cable.ts';
import { cableTotals, type CableTotals } from '../../electrical/cable-sizing.ts';

type Total = { count: number; lengthM: number; conductorM: number };

const round = (v: number, digits = 2) => Math.round(v * 10 ** digits) / 10 ** digits;

function add(t: Total, c: RoutedCable): void {
  t.count++;
  t.lengthM += c.length;
  t.conductorM += lossConductors(c.circuit) * c.length;
}

function rounded<T extends Total>(t: T): T {
  return { ...t, lengthM: round(t.lengthM), conductorM: round(t.conductorM) };
}

/** Lengths of a cable document in total, by kind and by material + section (smallest first). */
export function cableLengths(projectId: number, version: number, doc: Pick<CableDocument, 'cables'> | null): CableLength {
  const total: Total = { count: 0, lengthM: 0, conductorM: 0 };
  const kinds = new Map<RoutedCable['kind'], Total>();
  const sections = new Map<string, Total & { material: RoutedCable['material']; crossSection: number }>();
  for (const c of doc?.cables ?? []) {
    add(total, c);
    let k = kinds.get(c.kind);
    if (!k) kinds.set(c.kind, (k = { count: 0, lengthM: 0, conductorM: 0 }));
    add(k, c);
    const key = `${c.material}:${c.crossSection}`;
    let s = sections.get(key);
    if (!s) sections.set(key, (s = { material: c.material, crossSection: c.crossSection, count: 0, lengthM: 0, conductorM: 0 }));
    add(s, c);
  }
  const order = ['string', 'combiner', 'ac'] as const;
  return {
    projectId,
    version,
    total: rounded(total),
    byKind: order.filter((k) => kinds.has(k)).map((kind) => rounded({ kind, ...(kinds.get(kind) as Total) })),
    bySection: [...sections.values()].sort((a, b) => a.material.localeCompare(b.material) || a.crossSection - b.crossSection).map(rounded),
  };
}

/** The automatic routing's summary (src/electrical/cable-sizing.ts cableTotals), rounded. */
export function cableSummary(doc: Pick<CableDocument, 'cables'>): CableTotals {
  const t = cableTotals(doc);
  return { dcLengthM: round(t.dcLengthM), acLengthM: round(t.acLengthM), dcLossW: round(t.dcLossW), acLossW: round(t.acLossW), maxDropPercent: round(t.maxDropPercent, 3) };
}
