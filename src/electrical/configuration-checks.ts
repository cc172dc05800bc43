// The checks of an inverter configuration (docs/ELECTRICAL.md): each MPPT input's string voltages
// and currents, its connectors and string lengths, each inverter's DC/AC ratio and DC power, the plant's
// ratio and its unconnected strings — with value and limit, for the Electrical step, the server's
// configuration answer and the report. Pure: the document and the module's datasheet in, the checks out.
import type { ElectricalCheck } from '../model/api/electrical.ts';
import { ELECTRICAL_DEFAULTS, type InverterConfigDocument } from '../model/electrical-design.ts';
import type { PvModule } from '../model/equipment-module.ts';
import { dcAcRatio } from './inverter-sizing.ts';
import { stringChecks, stringInverterOf, stringModuleOf } from './string-sizing.ts';

/**
 * The checks of a configuration, automatic or edited by hand. Per MPPT input (subject "INV-1 MPPT 1",
 * inputs counted from 1): the string voltages of its longest string (vocCold, vmpCoolMax) and of its
 * shortest (vmpHotMin), its current (mpptCurrent, mpptShortCircuit when the datasheet gives it), its
 * connectors (stringsPerMppt: strings wired straight to it plus combiner boxes feeding it, against the
 * model's strings per MPPT) and one string length (mpptSameLength). Per inverter ("INV-1"): its DC/AC
 * ratio (≤ ELECTRICAL_DEFAULTS.maxDcAcRatio) and its DC power (maxDcPower, when given). For the plant
 * ("plant"): the DC/AC ratio against the same limit, and unconnected strings (stringsConnected, ≤ 0).
 */
export function configurationChecks(doc: InverterConfigDocument, module: PvModule): ElectricalCheck[] {
  const models = new Map(doc.inverterModels.map((m) => [m.key, m.data]));
  const smodule = stringModuleOf(module);
  const checks: ElectricalCheck[] = [];
  const add = (subject: string, rule: string, value: number, limit: number, ok: boolean) => checks.push({ rule, ok, value, limit, subject });
  const within = (value: number, limit: number) => value <= limit * (1 + 1e-9);
  const inputs = new Map<string, { inverterId: string; mppt: number; lengths: number[]; direct: number; combiners: Set<string> }>();
  for (const s of doc.strings) {
    if (s.inverterId === null || s.mppt === null) continue;
    const key = `${s.inverterId}:${s.mppt}`;
    let input = inputs.get(key);
    if (!input) inputs.set(key, (input = { inverterId: s.inverterId, mppt: s.mppt, lengths: [], direct: 0, combiners: new Set() }));
    input.lengths.push(s.moduleRefs.length);
    if (s.combinerId === null) input.direct++;
    else input.combiners.add(s.combinerId);
  }
  let dcTotal = 0;
  let acTotal = 0;
  for (const v of doc.inverters) {
    const model = models.get(v.modelKey);
    if (!model) continue;
    const inverter = stringInverterOf(model);
    const mine = [...inputs.values()].filter((i) => i.inverterId === v.id).sort((a, b) => a.mppt - b.mppt);
    let dcW = 0;
    for (const input of mine) {
      const subject = `${v.name} MPPT ${input.mppt + 1}`;
      const p = input.lengths.length;
      const longest = stringChecks(Math.max(...input.lengths), p, smodule, inverter, doc.temperatures);
      const shortest = stringChecks(Math.min(...input.lengths), p, smodule, inverter, doc.temperatures);
      for (const c of [...longest.filter((c) => c.rule === 'vocCold' || c.rule === 'vmpCoolMax'), ...shortest.filter((c) => c.rule === 'vmpHotMin')]) {
        add(subject, c.rule, c.value, c.limit, c.ok);
      }
      for (const c of longest) if (c.rule === 'mpptCurrent' || c.rule === 'mpptShortCircuit') add(subject, c.rule, c.value, c.limit, c.ok);
      const connections = input.direct + input.combiners.size;
      add(subject, 'stringsPerMppt', connections, model.stringsPerMppt, connections <= model.stringsPerMppt);
      const distinct = new Set(input.lengths).size;
      add(subject, 'mpptSameLength', distinct, 1, distinct === 1);
      dcW += input.lengths.reduce((a, n) => a + n, 0) * module.pmax;
    }
    const ratio = dcAcRatio(dcW, model.ratedAcPower);
    add(v.name, 'dcAcRatio', ratio, ELECTRICAL_DEFAULTS.maxDcAcRatio, within(ratio, ELECTRICAL_DEFAULTS.maxDcAcRatio));
    if (model.maxDcPower !== undefined) add(v.name, 'maxDcPower', dcW, model.maxDcPower, within(dcW, model.maxDcPower));
    dcTotal += dcW;
    acTotal += model.ratedAcPower;
  }
  const plantRatio = acTotal > 0 ? dcAcRatio(dcTotal, acTotal) : 0;
  add('plant', 'dcAcRatio', plantRatio, ELECTRICAL_DEFAULTS.maxDcAcRatio, within(plantRatio, ELECTRICAL_DEFAULTS.maxDcAcRatio));
  const unconnected = doc.strings.filter((s) => s.inverterId === null || s.mppt === null).length;
  add('plant', 'stringsConnected', unconnected, 0, unconnected === 0);
  return checks;
}
