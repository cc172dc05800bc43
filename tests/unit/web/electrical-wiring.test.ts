// Manual wiring as pure actions on the 'inverter-config' document (src/web/editor/electrical/wiring.ts):
// the invariants a caller relies on — a module in at most one string, strings keep their order and
// their numbers, an emptied string goes away, a string's MPPT belongs to its inverter — and "no change"
// answered with the same object (the wiring editor then records no history step).
import { describe, expect, it } from 'vitest';
import {
  addInverter,
  createString,
  deleteString,
  moveEquipment,
  moveModule,
  nextInverterName,
  removeInverter,
  removeModule,
  setMode,
  setStringTarget,
  stringOfModule,
  toggleModule,
} from '../../../src/web/editor/electrical/wiring.ts';
import { configOf, ref, string } from './electrical-fixtures.ts';

/** Every module reference of a document, strings in order then unassigned. */
const allRefs = (d: ReturnType<typeof configOf>) => [...d.strings.flatMap((s) => s.moduleRefs), ...d.unassigned];

describe('moving a module between strings', () => {
  const doc = configOf([string('s1', 1, [0, 1, 2]), string('s2', 2, [3, 4, 5]), string('s3', 3, [6])], [7]);

  it('takes it out of its string keeping the others in order, and puts it at the end of the target', () => {
    const next = moveModule(doc, 's1', ref(4));
    expect(next.strings.map((s) => s.moduleRefs)).toEqual([[ref(0), ref(1), ref(2), ref(4)], [ref(3), ref(5)], [ref(6)]]);
    // Every module is still there exactly once.
    expect([...allRefs(next)].sort()).toEqual([...allRefs(doc)].sort());
    expect(new Set(allRefs(next)).size).toBe(allRefs(next).length);
  });

  it('removes a string it empties; the others keep their numbers', () => {
    const next = moveModule(doc, 's2', ref(6));
    expect(next.strings.map((s) => [s.id, s.number])).toEqual([
      ['s1', 1],
      ['s2', 2],
    ]);
    expect(next.strings[1].moduleRefs).toEqual([ref(3), ref(4), ref(5), ref(6)]);
  });

  it('takes an unassigned module out of the unassigned list', () => {
    const next = moveModule(doc, 's3', ref(7));
    expect(next.unassigned).toEqual([]);
    expect(next.strings[2].moduleRefs).toEqual([ref(6), ref(7)]);
  });

  it('answers the same document when the module is already in that string or the string does not exist', () => {
    expect(moveModule(doc, 's1', ref(1))).toBe(doc);
    expect(moveModule(doc, 'nope', ref(1))).toBe(doc);
  });
});

describe('building and unbuilding strings', () => {
  it('a new string takes the next number and its modules in the order given, unconnected', () => {
    const doc = configOf([string('s1', 1, [0, 1]), string('s5', 5, [2])], [3, 4, 5]);
    const next = createString(doc, [ref(5), ref(3), ref(2)], 'new');
    const s = next.strings.at(-1)!;
    expect(s).toEqual({ id: 'new', number: 6, moduleRefs: [ref(5), ref(3), ref(2)], inverterId: null, mppt: null, combinerId: null });
    // s5 lost its only module and went away; the unassigned keep their order.
    expect(next.strings.map((x) => x.id)).toEqual(['s1', 'new']);
    expect(next.unassigned).toEqual([ref(4)]);
  });

  it('toggling a module of the selected string takes it out; toggling another puts it in', () => {
    const doc = configOf([string('s1', 1, [0, 1, 2])], [3]);
    const out = toggleModule(doc, 's1', ref(1));
    expect(out.strings[0].moduleRefs).toEqual([ref(0), ref(2)]);
    expect(out.unassigned).toEqual([ref(3), ref(1)]);
    const back = toggleModule(out, 's1', ref(1));
    expect(back.strings[0].moduleRefs).toEqual([ref(0), ref(2), ref(1)]);
    expect(back.unassigned).toEqual([ref(3)]);
  });

  it('removing the last module of a string removes the string', () => {
    const doc = configOf([string('s1', 1, [0]), string('s2', 2, [1])]);
    const next = removeModule(doc, ref(0));
    expect(next.strings.map((s) => s.id)).toEqual(['s2']);
    expect(next.unassigned).toEqual([ref(0)]);
    expect(removeModule(next, ref(0))).toBe(next);
  });

  it('deleting a string leaves its modules unassigned', () => {
    const doc = configOf([string('s1', 1, [0, 1]), string('s2', 2, [2])], [3]);
    const next = deleteString(doc, 's1');
    expect(next.strings.map((s) => s.id)).toEqual(['s2']);
    expect(next.unassigned).toEqual([ref(3), ref(0), ref(1)]);
    expect(stringOfModule(next).get(ref(2))).toBe('s2');
  });
});

describe('inverter inputs, inverters and equipment', () => {
  const doc = configOf([string('s1', 1, [0, 1], { inverterId: 'inv1', mppt: 0 })]);

  it('connects a string to an MPPT input the inverter has (the SUN2000-10KTL-M1 has 2)', () => {
    expect(setStringTarget(doc, 's1', 'inv1', 1).strings[0]).toMatchObject({ inverterId: 'inv1', mppt: 1 });
    // Input 3 (index 2) does not exist, nor an unknown inverter: nothing changes.
    expect(setStringTarget(doc, 's1', 'inv1', 2)).toBe(doc);
    expect(setStringTarget(doc, 's1', 'nope', 0)).toBe(doc);
    expect(setStringTarget(doc, 's1', 'inv1', 0)).toBe(doc);
    expect(setStringTarget(doc, 's1', null, null).strings[0]).toMatchObject({ inverterId: null, mppt: null });
  });

  it('one more inverter of a model gets the next name; taking one away disconnects its strings', () => {
    const more = addInverter(doc, 'm1', 'inv2', [4, -5]);
    expect(more.inverters.map((i) => [i.name, i.position])).toEqual([
      ['INV-1', [0, -5]],
      ['INV-2', [4, -5]],
    ]);
    expect(nextInverterName(more)).toBe('INV-3');
    expect(addInverter(doc, 'unknown-model', 'x', null)).toBe(doc);
    const fewer = removeInverter(more, 'inv1');
    expect(fewer.inverters.map((i) => i.id)).toEqual(['inv2']);
    expect(fewer.strings[0]).toMatchObject({ inverterId: null, mppt: null, combinerId: null });
  });

  it('moves an inverter and the grid point; the same position changes nothing', () => {
    const moved = moveEquipment(doc, { kind: 'inverter', id: 'inv1' }, [3, 4]);
    expect(moved.inverters[0].position).toEqual([3, 4]);
    expect(moveEquipment(moved, { kind: 'inverter', id: 'inv1' }, [3, 4])).toBe(moved);
    expect(moveEquipment(doc, { kind: 'grid' }, [1, 2]).gridPoint).toEqual([1, 2]);
    expect(moveEquipment(doc, { kind: 'combiner', id: 'none' }, [1, 2])).toBe(doc);
  });

  it('sets the wiring mode (spec 001 §4), the same mode changing nothing', () => {
    expect(setMode(doc, 'auto').mode).toBe('auto');
    expect(setMode(doc, 'manual')).toBe(doc);
  });
});
