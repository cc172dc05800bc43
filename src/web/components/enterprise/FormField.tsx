// One react-hook-form field of the enterprise forms: the shared Field (components/Field.tsx) with the
// enterprise rules' messages in the interface language (form-messages.ts).
import type { FieldPath, FieldValues } from 'react-hook-form';
import { Field, type FieldProps } from '../Field.tsx';
import { enterpriseMessageKey } from './form-messages.ts';

export type FormFieldProps<T extends FieldValues, N extends FieldPath<T>> = Omit<FieldProps<T, N>, 'messageKeyOf'>;

export function FormField<T extends FieldValues, N extends FieldPath<T>>(props: FormFieldProps<T, N>) {
  return <Field {...props} messageKeyOf={enterpriseMessageKey} />;
}
