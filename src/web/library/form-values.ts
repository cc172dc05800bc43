// The custom module and inverter forms' values (spec 001 §3, §5): what the inputs hold (an empty number
// input is null, an empty text ''), cleaned into what the shared schemas take (src/model/
// equipment-module.ts, equipment-inverter.ts: absent fields left out), and the forms' resolver, which
// validates with those schemas — the same rules and messages as the server's add and update calls.
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { inverterSchema, type InverterIn } from '../../model/equipment-inverter.ts';
import { pvModuleSchema, type PvModuleIn } from '../../model/equipment-module.ts';

/** A value no input holds: null, undefined or an empty (or blank) text. */
function empty(v: unknown): boolean {
  return v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
}

/**
 * The values with empty inputs left out: null, undefined and blank texts removed from objects, and an
 * object left empty by that removed too (an untouched "model parameters" group is no group). Arrays
 * keep their length (a curve's rows are checked as they are).
 * @param values the form's values
 */
export function cleanFormValues<T>(values: T): T {
  const clean = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map((x) => (empty(x) ? undefined : clean(x)));
    if (v !== null && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) {
        if (empty(x)) continue;
        const c = clean(x);
        if (c !== null && typeof c === 'object' && !Array.isArray(c) && Object.keys(c).length === 0) continue;
        out[k] = c;
      }
      return out;
    }
    return v;
  };
  return clean(values) as T;
}

/**
 * A react-hook-form resolver that validates the cleaned values with a shared schema.
 * @param schema the library schema
 * @param prepare what the form drops before validating (e.g. hidden curves)
 */
export function libraryResolver<I extends FieldValues, O>(schema: z.ZodType<O, I>, prepare: (values: I) => I = (v) => v): Resolver<I, unknown, O> {
  const resolve = zodResolver(schema as never) as unknown as Resolver<I, unknown, O>;
  return (values, context, options) => resolve(prepare(cleanFormValues(values)), context, options);
}

/** The custom module form's values: the schema's input, every field possibly empty while typed. */
export type ModuleFormValues = PvModuleIn;
/** The custom inverter form's values. */
export type InverterFormValues = InverterIn;

export const moduleResolver = libraryResolver(pvModuleSchema);
/** Curves kept while "efficiency curve included" is off are not part of the entry. */
export const inverterResolver = libraryResolver(inverterSchema, (v: InverterFormValues) => {
  if (v.hasEfficiencyCurve === true) return v;
  const { efficiencyCurves: _hidden, ...rest } = v;
  return rest;
});

/** A new module form: crystalline, monofacial, not BIPV. */
export const NEW_MODULE: Partial<ModuleFormValues> = { moduleType: 'mono', bifacial: false, bipv: false };
/** A new inverter form: a string inverter without curves. */
export const NEW_INVERTER: Partial<InverterFormValues> = { inverterType: 'string', hasEfficiencyCurve: false };
