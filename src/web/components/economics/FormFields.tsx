// The fields of the Load and Economy forms: a react-hook-form field in an antd Form.Item whose
// validation message is shown in the interface language (messages.ts), and the number input with its
// unit (spec 001 §9 units: yuan/W, yuan/kWh, yuan/kW/year, %, years) that most of them are.
import { Form, InputNumber } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller, type Control, type ControllerRenderProps, type FieldPath, type FieldValues } from 'react-hook-form';
import { economicsMessageKey } from './messages.ts';

/** A validation message in the interface language. */
export function useEconomicsMessage(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation();
  return (message) => {
    const key = economicsMessageKey(message);
    return key ? t(key) : message;
  };
}

export interface FormFieldProps<T extends FieldValues, N extends FieldPath<T>, O = T> {
  control: Control<T, unknown, O>;
  name: N;
  label?: ReactNode;
  required?: boolean;
  extra?: ReactNode;
  render: (field: ControllerRenderProps<T, N>) => ReactElement;
}

export function FormField<T extends FieldValues, N extends FieldPath<T>, O = T>({ control, name, label, required, extra, render }: FormFieldProps<T, N, O>) {
  const translate = useEconomicsMessage();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Form.Item
          label={label}
          required={required}
          extra={extra}
          validateStatus={fieldState.error ? 'error' : undefined}
          help={fieldState.error ? <span data-testid={`error-${name}`}>{translate(fieldState.error.message)}</span> : undefined}
        >
          {render(field)}
        </Form.Item>
      )}
    />
  );
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
