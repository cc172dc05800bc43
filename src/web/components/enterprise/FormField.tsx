// One react-hook-form field of the enterprise forms in an antd Form.Item (as components/Field.tsx),
// with the enterprise rules' messages in the interface language (form-messages.ts).
import { Form } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller, type Control, type ControllerRenderProps, type FieldPath, type FieldValues } from 'react-hook-form';
import { enterpriseMessageKey } from './form-messages.ts';

export interface FormFieldProps<T extends FieldValues, N extends FieldPath<T>> {
  control: Control<T>;
  name: N;
  label?: ReactNode;
  required?: boolean;
  extra?: ReactNode;
  render: (field: ControllerRenderProps<T, N>) => ReactElement;
}

export function FormField<T extends FieldValues, N extends FieldPath<T>>({ control, name, label, required, extra, render }: FormFieldProps<T, N>) {
  const { t } = useTranslation();
  const translate = (message: string | undefined) => {
    const key = enterpriseMessageKey(message);
    return key ? t(key) : message;
  };
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
