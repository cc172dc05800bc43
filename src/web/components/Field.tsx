// One react-hook-form field in an antd Form.Item: label, the control, and the validation message in
// the interface language (forms/messages.ts maps the shared rules' texts to catalogue keys; a form
// with its own table, like the Load and Economy steps', passes its own `messageKeyOf`).
import { Form } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller, type Control, type ControllerRenderProps, type FieldPath, type FieldValues } from 'react-hook-form';
import { messageKey } from '../forms/messages.ts';
import type { MessageKey } from '../i18n/index.ts';

/** A validation message's catalogue key, or null (shown as it is). */
export type MessageKeyOf = (message: string | undefined) => MessageKey | null;

export interface FieldProps<T extends FieldValues, N extends FieldPath<T>, O = T> {
  control: Control<T, unknown, O>;
  name: N;
  label?: ReactNode;
  required?: boolean;
  extra?: ReactNode;
  render: (field: ControllerRenderProps<T, N>) => ReactElement;
  /** The table of the form's messages (default: the account and project forms', forms/messages.ts). */
  messageKeyOf?: MessageKeyOf;
}

/** A validation message in the interface language. */
export function useFieldMessage(messageKeyOf: MessageKeyOf = messageKey): (message: string | undefined) => string | undefined {
  const { t } = useTranslation();
  return (message) => {
    const key = messageKeyOf(message);
    return key ? t(key) : message;
  };
}

export function Field<T extends FieldValues, N extends FieldPath<T>, O = T>({ control, name, label, required, extra, render, messageKeyOf }: FieldProps<T, N, O>) {
  const translate = useFieldMessage(messageKeyOf);
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
