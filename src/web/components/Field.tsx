// One react-hook-form field in an antd Form.Item: label, the control, and the validation message in
// the interface language (forms/messages.ts maps the shared rules' texts to catalogue keys).
import { Form } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller, type Control, type ControllerRenderProps, type FieldPath, type FieldValues } from 'react-hook-form';
import { messageKey } from '../forms/messages.ts';

export interface FieldProps<T extends FieldValues, N extends FieldPath<T>> {
  control: Control<T>;
  name: N;
  label?: ReactNode;
  required?: boolean;
  extra?: ReactNode;
  render: (field: ControllerRenderProps<T, N>) => ReactElement;
}

/** A validation message in the interface language. */
export function useFieldMessage(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation();
  return (message) => {
    const key = messageKey(message);
    return key ? t(key) : message;
  };
}

export function Field<T extends FieldValues, N extends FieldPath<T>>({ control, name, label, required, extra, render }: FieldProps<T, N>) {
  const translate = useFieldMessage();
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
