// The custom PV module form's fields (spec 001 §3 "Custom PV module": every field, in groups), with
// the schema's names (src/model/equipment-module.ts) and whether each is required there.
import { moduleTypes, pvModuleObjectSchema } from '../../../model/equipment-module.ts';
import type { FieldSpec } from './LibraryFields.tsx';

const n = (name: string): FieldSpec => ({ name, kind: 'number' });
const int = (name: string): FieldSpec => ({ name, kind: 'integer' });

export const MODULE_GROUPS = {
  basic: [
    { name: 'manufacturer', kind: 'manufacturer' },
    { name: 'model', kind: 'text' },
    { name: 'moduleType', kind: 'select', options: moduleTypes, optionLabels: 'moduleTypes' },
    { name: 'bifacial', kind: 'switch' },
    n('bifaciality'),
    { name: 'bipv', kind: 'switch' },
    n('length'),
    n('width'),
    n('thickness'),
    n('area'),
    n('weight'),
    int('cellsInSeries'),
    int('cellsInParallel'),
    int('bypassDiodes'),
  ],
  stc: [n('pmax'), n('efficiency'), n('maxSystemVoltage'), n('isc'), n('imp'), n('vmp'), n('voc')],
  temperature: [n('tempCoeffIsc'), n('tempCoeffVoc'), n('tempCoeffPmax'), n('noct')],
  model: [
    n('singleDiode.gammaRef'),
    n('singleDiode.muGamma'),
    n('singleDiode.iLRef'),
    { name: 'singleDiode.iORef', kind: 'scientific' },
    n('singleDiode.rS'),
    n('singleDiode.rShRef'),
    n('singleDiode.rSh0'),
    n('singleDiode.rShExp'),
    n('singleDiode.egRef'),
    n('singleDiode.d2mutau'),
    n('singleDiode.vbi'),
  ],
  lifetime: [
    n('lidLoss'),
    n('degradationFirstYear'),
    n('degradationAnnual'),
    int('degradationYears'),
    { name: 'manufacturingDate', kind: 'date' },
    int('marketEntryYear'),
    int('marketExitYear'),
  ],
} as const satisfies Record<string, readonly FieldSpec[]>;

const shape = pvModuleObjectSchema.shape as Record<string, { safeParse(v: unknown): { success: boolean } }>;

/** Whether the module schema requires a top-level field (the one-diode group is optional as a whole). */
export function moduleFieldRequired(name: string): boolean {
  const field = shape[name];
  return field !== undefined && !field.safeParse(undefined).success;
}
