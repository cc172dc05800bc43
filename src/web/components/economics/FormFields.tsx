// The fields of the Load and Economy forms: the shared Field (components/Field.tsx) whose validation
// message is shown in the interface language through this step's table (messages.ts), and the number input with its
// unit (spec 001 §9 units: yuan/W, yuan/kWh, yuan/kW/year, %, years) that most of them are.
import { InputNumber } from 'antd';
import type { ReactNode } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { Field, useFieldMessage, type FieldProps } from '../Field.tsx';
import { economicsMessageKey } from './messages.ts';

/** A validation message in the interface language. */
export function useEconomicsMessage(): (message: string | undefined) => string | undefined {
  return useFieldMessage(economicsMessageKey);
}

export type FormFieldProps<T extends FieldValues, N extends FieldPath<T>, O = T> = Omit<FieldProps<T, N, O>, 'messageKeyOf'>;

/** The shared Field (components/Field.tsx) with the Load and Economy steps' messages. */
export function FormField<T extends FieldValues, N extends FieldPath<T>, O = T>(props: FormFieldProps<T, N, O>) {
  return <Field {...props} messageKeyOf={economicsMessageKey} />;
}

export interface NumberFieldProps<T extends FieldValues, N extends FieldPath<T>, O = T> {
  control: Control<T, unknown, O>;
  name: N;
  label?: ReactNode;
  /** The unit shown after the value. */
  unit?: string;
  required?: boolean;
  extra?: ReactNode;
  min?: number;
  max?: number;
  step?: number;
  disabled?: boolean;
  testId?: string;
}

/** A number input (empty = null) with its unit. */
export function NumberField<T extends FieldValues, N extends FieldPath<T>, O = T>({ control, name, label, unit, required, extra, min, max, step, disabled, testId }: NumberFieldProps<T, N, O>) {
  return (
    <FormField
      control={control}
      name={name}
      label={label}
      required={required}
      extra={extra}
      render={(f) => (
        <InputNumber
          value={(f.value as number | null | undefined) ?? null}
          onChange={(v) => f.onChange(typeof v === 'number' ? v : null)}
          onBlur={f.onBlur}
          min={min}
          max={max}
          step={step}
          disabled={disabled}
          suffix={unit}
          style={{ width: '100%' }}
          data-testid={testId ?? `field-${name}`}
        />
      )}
    />
  );
}
