// The wiring of simulate's `electrical` block (model/simulate.ts) in flat arrays for the hourly loop
// of chain-electrical.ts: strings (their array, length, cable), MPPT inputs (their strings, contiguous,
// and cable), inverters (their inputs, contiguous), and the sparse per-module shading re-sorted by
// weather step and string, so that one step's shaded modules of one string are one run of entries.
import type { SimulateElectricalParsed } from '../model/simulate.ts';

/** One module's shading record of `moduleShading`. */
export type ModuleShadingRecord = NonNullable<SimulateElectricalParsed['moduleShading']>[string];

/** The flattened wiring. */
export interface ElectricalLayout {
  /** Modules in strings per array [—]. */
  modulesPerArray: Int32Array;
  /** Per string: its array, its module count, its cable's loop resistance [Ω], its MPPT. */
  stringArray: Int32Array;
  stringLength: Int32Array;
  stringOhm: Float64Array;
  stringMppt: Int32Array;
  /** Per MPPT: its strings [start, end), its cable's loop resistance [Ω], its inverter. */
  mpptStart: Int32Array;
  mpptEnd: Int32Array;
  mpptOhm: Float64Array;
  mpptInverter: Int32Array;
  /** Per MPPT: 1 when all its strings are of one array and one length (alike when unshaded). */
  mpptAlike: Uint8Array;
  /** Per inverter: its MPPTs [start, end). */
  inverterStart: Int32Array;
  inverterEnd: Int32Array;
  /** Shading entries by step: those of step i are [stepStart[i], stepStart[i + 1]), by string within a step. */
  stepStart: Int32Array;
  /** Per entry: its string; the module's geometric shaded fraction (its `beam`, else the mean of its
   * substrings' values) [—]; where its substrings' values start in `substrings`, or −1 when the
   * shading rule derives them from the fraction. */
  entryString: Int32Array;
  entryFraction: Float64Array;
  entrySubstrings: Int32Array;
  /** The substrings' blocked-beam fractions given in the input, bypassDiodes per entry that has them [—]. */
  substrings: Float64Array;
}

/**
 * Flattens the electrical block.
 * @param e the validated electrical block (model/simulate.ts checks indices and duplicates)
 * @param arrays number of arrays
 * @param steps weather steps
 * @throws RangeError for a shading step beyond the weather
 */
export function electricalLayout(e: SimulateElectricalParsed, arrays: number, steps: number): ElectricalLayout {
  const nInv = e.inverters.length;
  let nMppt = 0;
  let nStr = 0;
  for (const inv of e.inverters) {
    nMppt += inv.mppts.length;
    for (const m of inv.mppts) nStr += m.strings.length;
  }
  const L: ElectricalLayout = {
    modulesPerArray: new Int32Array(arrays),
    stringArray: new Int32Array(nStr),
    stringLength: new Int32Array(nStr),
    stringOhm: new Float64Array(nStr),
    stringMppt: new Int32Array(nStr),
    mpptStart: new Int32Array(nMppt),
    mpptEnd: new Int32Array(nMppt),
    mpptOhm: new Float64Array(nMppt),
    mpptInverter: new Int32Array(nMppt),
    mpptAlike: new Uint8Array(nMppt),
    inverterStart: new Int32Array(nInv),
    inverterEnd: new Int32Array(nInv),
    stepStart: new Int32Array(steps + 1),
    entryString: new Int32Array(0),
    entryFraction: new Float64Array(0),
    entrySubstrings: new Int32Array(0),
    substrings: new Float64Array(0),
  };
  // "array#module" → string
  const stringOf = new Map<string, number>();
  let m = 0;
  let s = 0;
  e.inverters.forEach((inv, i) => {
    L.inverterStart[i] = m;
    for (const mppt of inv.mppts) {
      L.mpptStart[m] = s;
      L.mpptOhm[m] = mppt.wiringOhm;
      L.mpptInverter[m] = i;
      let alike = 1;
      for (const str of mppt.strings) {
        L.stringArray[s] = str.array;
        L.stringLength[s] = str.modules.length;
        L.stringOhm[s] = str.wiringOhm;
        L.stringMppt[s] = m;
        L.modulesPerArray[str.array] += str.modules.length;
        if (s > L.mpptStart[m] && (str.array !== L.stringArray[s - 1] || str.modules.length !== L.stringLength[s - 1])) alike = 0;
        for (const index of str.modules) stringOf.set(`${str.array}#${index}`, s);
        s++;
      }
      L.mpptEnd[m] = s;
      L.mpptAlike[m] = alike;
      m++;
    }
    L.inverterEnd[i] = m;
  });

  // The records of modules in strings, by string.
  const byString: number[][] = Array.from({ length: nStr }, () => []);
  const records: ModuleShadingRecord[] = [];
  let entries = 0;
  let given = 0;
  for (const [key, record] of Object.entries(e.moduleShading ?? {})) {
    const str = stringOf.get(key);
    if (str === undefined) continue; // a module in no string makes nothing
    const last = record.steps[record.steps.length - 1];
    if (last >= steps) throw new RangeError(`moduleShading["${key}"]: step ${last} is beyond the weather's ${steps} steps`);
    byString[str].push(records.length);
    records.push(record);
    entries += record.steps.length;
    if (record.substrings) given += record.steps.length;
  }
  // Counting sort by step, visiting the strings in order: within a step the entries come by string.
  const start = L.stepStart;
  for (const r of records) for (const step of r.steps) start[step + 1]++;
  for (let i = 0; i < steps; i++) start[i + 1] += start[i];
  const next = start.slice(0, steps);
  const B = e.bypassDiodes;
  L.entryString = new Int32Array(entries);
  L.entryFraction = new Float64Array(entries);
  L.entrySubstrings = new Int32Array(entries);
  L.substrings = new Float64Array(given * B);
  let sub = 0;
  for (let str = 0; str < nStr; str++) {
    for (const rec of byString[str]) {
      const { steps: st, beam, substrings } = records[rec];
      for (let q = 0; q < st.length; q++) {
        const at = next[st[q]]++;
        L.entryString[at] = str;
        if (substrings) {
          const c = substrings[q];
          let mean = 0;
          for (let k = 0; k < B; k++) {
            L.substrings[sub + k] = c[k];
            mean += c[k];
          }
          L.entryFraction[at] = beam ? beam[q] : mean / B;
          L.entrySubstrings[at] = sub;
          sub += B;
        } else {
          L.entryFraction[at] = beam![q];
          L.entrySubstrings[at] = -1;
        }
      }
    }
  }
  return L;
}
