// The custom inverter form's fields (spec 001 §3 "Custom inverter": every field, in groups), with the
// schema's names (src/model/equipment-inverter.ts) and whether each is required there. The efficiency
// curves ("efficiency and power at Vmin, Vnom and Vmax") have their own editor (EfficiencyCurvesEditor).
import { inverterObjectSchema, inverterTypes } from '../../../model/equipment-inverter.ts';
import type { FieldSpec } from './LibraryFields.tsx';

const n = (name: string): FieldSpec => ({ name, kind: 'number' });
const int = (name: string): FieldSpec => ({ name, kind: 'integer' });

export const INVERTER_GROUPS = {
  basic: [
    { name: 'manufacturer', kind: 'manufacturer' },
    { name: 'model', kind: 'text' },
    { name: 'inverterType', kind: 'select', options: inverterTypes, optionLabels: 'inverterTypes' },
  ],
  ac: [n('ratedAcPower'), n('maxAcPower'), n('ratedAcVoltage'), { name: 'acPhases', kind: 'select', options: [1, 3] }, n('acFrequency'), n('nightConsumption')],
  dc: [
    n('maxDcPower'),
    n('startupPower'),
    n('startupVoltage'),
    n('minDcVoltage'),
    n('ratedDcVoltage'),
    n('maxDcVoltage'),
    n('mpptMinVoltage'),
    n('mpptMaxVoltage'),
    int('mpptCount'),
    int('stringsPerMppt'),
    int('maxStrings'),
    n('maxInputCurrentPerMppt'),
    n('maxShortCircuitCurrentPerMppt'),
  ],
  efficiency: [n('maxEfficiency'), n('euroEfficiency'), n('cecEfficiency'), { name: 'hasEfficiencyCurve', kind: 'switch' }],
  size: [n('width'), n('height'), n('depth'), n('weight')],
  market: [int('marketEntryYear'), int('marketExitYear')],
} as const satisfies Record<string, readonly FieldSpec[]>;

const shape = inverterObjectSchema.shape as Record<string, { safeParse(v: unknown): { success: boolean } }>;

/** Whether the inverter schema requires a field. */
export function inverterFieldRequired(name: string): boolean {
  const field = shape[name];
  return field !== undefined && !field.safeParse(undefined).success;
}
