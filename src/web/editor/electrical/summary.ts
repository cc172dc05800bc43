// The figures of an inverter configuration as it stands (DOM-free; after the automatic configuration
// and after every manual change): strings, modules in strings and left out, strings not connected,
// DC power of the strung modules, AC power of the inverters and their ratio (src/electrical/
// inverter-sizing.ts dcAcRatio), the string lengths, and the same per inverter.
import type { InverterConfigDocument } from '../../../model/electrical-design.ts';
import { dcAcRatio } from '../../../electrical/inverter-sizing.ts';

export interface InverterFigures {
  readonly id: string;
  readonly name: string;
  /** "Manufacturer Model". */
  readonly model: string;
  readonly strings: number;
  /** [kW] */
  readonly dcKw: number;
  readonly acKw: number;
  /** null without AC power. */
  readonly dcAcRatio: number | null;
}

export interface ConfigSummary {
  readonly strings: number;
  readonly modulesInStrings: number;
  readonly unassigned: number;
  /** Strings not connected to an inverter input. */
  readonly unconnected: number;
  /** Σ STC power of the modules in strings [kW]. */
  readonly dcKw: number;
  /** Σ rated AC power of the inverters [kW]. */
  readonly acKw: number;
  readonly dcAcRatio: number | null;
  /** Shortest and longest string [modules]; null without strings. */
  readonly lengths: { readonly min: number; readonly max: number } | null;
  readonly inverters: readonly InverterFigures[];
}

/**
 * The summary of a configuration whose modules are of `modulePowerW` [W] STC each.
 */
export function configSummary(doc: InverterConfigDocument, modulePowerW: number): ConfigSummary {
  const model = new Map(doc.inverterModels.map((m) => [m.key, m] as const));
  const acW = (modelKey: string) => model.get(modelKey)?.data.ratedAcPower ?? 0;
  const lengths = doc.strings.map((s) => s.moduleRefs.length);
  const modulesInStrings = lengths.reduce((a, b) => a + b, 0);
  const dcW = modulesInStrings * modulePowerW;
  const acTotalW = doc.inverters.reduce((sum, i) => sum + acW(i.modelKey), 0);
  const ratio = (dc: number, ac: number) => (ac > 0 ? dcAcRatio(dc, ac) : null);
  const inverters = doc.inverters.map((inv): InverterFigures => {
    const mine = doc.strings.filter((s) => s.inverterId === inv.id);
    const dc = mine.reduce((sum, s) => sum + s.moduleRefs.length, 0) * modulePowerW;
    const m = model.get(inv.modelKey);
    return { id: inv.id, name: inv.name, model: m ? `${m.data.manufacturer} ${m.data.model}` : inv.modelKey, strings: mine.length, dcKw: dc / 1000, acKw: acW(inv.modelKey) / 1000, dcAcRatio: ratio(dc, acW(inv.modelKey)) };
  });
  return {
    strings: doc.strings.length,
    modulesInStrings,
    unassigned: doc.unassigned.length,
    unconnected: doc.strings.filter((s) => s.inverterId === null || s.mppt === null).length,
    dcKw: dcW / 1000,
    acKw: acTotalW / 1000,
    dcAcRatio: ratio(dcW, acTotalW),
    lengths: lengths.length > 0 ? { min: Math.min(...lengths), max: Math.max(...lengths) } : null,
    inverters,
  };
}
