// The checks of the Electrical step, worked out in the browser from the documents as they stand —
// after the automatic configuration, after every manual change, after a reload — with the shared rules
// of src/electrical (the server's automatic configuration applies the same ones):
//   per string   vocCold, vmpHotMin, vmpCoolMax (string-sizing.ts stringChecks, at the configuration's
//                temperatures);
//   per inverter dcAcRatio, maxDcPower; per MPPT input mpptCurrent, mpptShortCircuit, stringsPerMppt,
//                mpptSameLength (inverter-sizing.ts checkAssignment, one model's inverters at a time);
//   per cable    dropPercent against the DC or AC limit of the cable settings, ampacity (its section's
//                tabulated current-carrying capacity, cable-sections.ts).
// Subjects are named as the server names them: "S3", "INV-1", "INV-1 MPPT 2", a cable's ends.
import type { CableDocument, InverterConfigDocument } from '../../../model/electrical-design.ts';
import { ELECTRICAL_DEFAULTS } from '../../../model/electrical-design.ts';
import { STRING_RULES } from '../../../model/electrical.ts';
import type { PvModule } from '../../../model/equipment-module.ts';
import { ampacity } from '../../../electrical/cable-sections.ts';
import { checkAssignment, type StringSlot } from '../../../electrical/inverter-sizing.ts';
import { stringChecks, stringInverterOf, stringModuleOf } from '../../../electrical/string-sizing.ts';
import { cableName } from './cable-edit.ts';

export interface ElectricalCheckRow {
  readonly rule: string;
  readonly ok: boolean;
  readonly value: number;
  readonly limit: number;
  readonly subject: string;
  /** 'error': a mandatory rule fails (safety, the equipment's ratings); 'warning': energy or sizing only. */
  readonly severity: 'ok' | 'warning' | 'error';
}

/** Rules whose failure makes the design invalid (the rest cost energy or are advice). */
const MANDATORY: ReadonlySet<string> = new Set([
  ...Object.entries(STRING_RULES)
    .filter(([, r]) => r.mandatory)
    .map(([name]) => name),
  'maxDcPower',
  'ampacity',
]);

function row(c: { rule: string; ok: boolean; value: number; limit: number }, subject: string): ElectricalCheckRow {
  return { rule: c.rule, ok: c.ok, value: c.value, limit: c.limit, subject, severity: c.ok ? 'ok' : MANDATORY.has(c.rule) ? 'error' : 'warning' };
}

/** The string-voltage rules of every connected string (needs the module's electrical data). */
function stringRows(doc: InverterConfigDocument, module: PvModule): ElectricalCheckRow[] {
  const out: ElectricalCheckRow[] = [];
  const m = stringModuleOf(module);
  for (const s of doc.strings) {
    const inv = doc.inverters.find((i) => i.id === s.inverterId);
    const model = inv && doc.inverterModels.find((x) => x.key === inv.modelKey);
    if (!model) continue;
    const voltages = stringChecks(s.moduleRefs.length, 1, m, stringInverterOf(model.data), doc.temperatures).filter((c) => c.rule === 'vocCold' || c.rule === 'vmpHotMin' || c.rule === 'vmpCoolMax');
    for (const c of voltages) out.push(row(c, `S${s.number}`));
  }
  return out;
}

/** The inverter and MPPT-input rules, one model's inverters at a time. */
function inverterRows(doc: InverterConfigDocument, module: PvModule): ElectricalCheckRow[] {
  const out: ElectricalCheckRow[] = [];
  for (const model of doc.inverterModels) {
    const inverters = doc.inverters.filter((i) => i.modelKey === model.key);
    if (inverters.length === 0) continue;
    const index = new Map(inverters.map((i, k) => [i.id, k] as const));
    const mine = doc.strings.filter((s) => s.inverterId !== null && index.has(s.inverterId) && s.mppt !== null && s.mppt < model.data.mpptCount);
    const slots: StringSlot[] = mine.map((s) => ({ inverterIndex: index.get(s.inverterId!)!, mppt: s.mppt! }));
    const checks = checkAssignment(
      mine.map((s) => s.moduleRefs.length),
      slots,
      module,
      model.data,
      inverters.length,
      ELECTRICAL_DEFAULTS.maxDcAcRatio,
    );
    for (const c of checks) {
      const name = inverters[c.inverterIndex].name;
      out.push(row(c, c.mppt === undefined ? name : `${name} MPPT ${c.mppt + 1}`));
    }
  }
  return out;
}

/** The drop and ampacity of every routed cable. */
function cableRows(config: InverterConfigDocument | null, cables: CableDocument): ElectricalCheckRow[] {
  const out: ElectricalCheckRow[] = [];
  for (const c of cables.cables) {
    const limit = c.circuit === 'dc' ? cables.settings.dcMaxDropPercent : cables.settings.acMaxDropPercent;
    const subject = cableName(config, c);
    out.push(row({ rule: 'dropPercent', ok: c.dropPercent <= limit, value: c.dropPercent, limit }, subject));
    const iz = ampacity(c.material, c.crossSection, c.circuit);
    out.push(row({ rule: 'ampacity', ok: c.ampacityOk, value: c.current, limit: iz ?? 0 }, subject));
  }
  return out;
}

/**
 * Every check of the design: strings and inverters when the configuration and the module's electrical
 * data are known, cables when routed. Failing ones first, then in the order above.
 */
export function electricalChecks(config: InverterConfigDocument | null, module: PvModule | null, cables: CableDocument | null): ElectricalCheckRow[] {
  const rows: ElectricalCheckRow[] = [];
  if (config && module) rows.push(...stringRows(config, module), ...inverterRows(config, module));
  if (cables) rows.push(...cableRows(config, cables));
  const rank = { error: 0, warning: 1, ok: 2 } as const;
  return rows.map((r, i) => ({ r, i })).sort((a, b) => rank[a.r.severity] - rank[b.r.severity] || a.i - b.i).map((x) => x.r);
}
