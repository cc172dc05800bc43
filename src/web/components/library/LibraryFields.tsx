// The inputs of the library forms: one described field (text, number, whole number, a small number in
// scientific notation, switch, choice, date, manufacturer with suggestions) in an antd Form.Item with
// its label and its validation message under it in the interface language (web/library/messages.ts),
// and a titled group of such fields on a grid.
import { AutoComplete, Col, Divider, Form, Input, InputNumber, Row, Select, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import type { MessageKey } from '../../i18n/index.ts';
import { libraryMessageKey } from '../../library/messages.ts';

export type FieldKind = 'text' | 'number' | 'integer' | 'scientific' | 'switch' | 'select' | 'date' | 'manufacturer';

/** One field of a form: its path in the values, its input and, for a choice, the values offered. */
export interface FieldSpec {
  name: string;
  kind: FieldKind;
  options?: readonly (string | number)[];
  /** Group of the option labels under `library` (moduleTypes → library.moduleTypes.mono); the values themselves otherwise. */
  optionLabels?: string;
}

export interface LibraryFieldProps<T extends FieldValues> {
  control: Control<T>;
  /** 'module' | 'inverter': the catalogue group of the labels and the test ids' prefix. */
  prefix: 'module' | 'inverter';
  spec: FieldSpec;
  required?: boolean;
  disabled?: boolean;
  /** Suggestions of a manufacturer field. */
  manufacturers?: readonly string[];
}

/** A validation message in the interface language. */
export function useLibraryMessage(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation();
  return (message) => {
    const key = libraryMessageKey(message);
    return key ? t(key) : message;
  };
}

/**
 * A number input's text: at most 10 significant digits (an imported 96.39999999999999 % shows as
 * 96.4; the value itself is kept), the user's own text while typing.
 */
export function numberText(value: number | string | undefined, info: { userTyping: boolean; input: string }): string {
  if (info.userTyping) return info.input;
  if (value === undefined || value === '') return '';
  const n = Number(value);
  return Number.isFinite(n) ? String(Number(n.toPrecision(10))) : String(value);
}

/** The text of a number in a scientific-notation input, and back (a text that is no number stays text: 'Format incorrect'). */
function scientificText(v: unknown): string {
  return typeof v === 'number' ? String(v) : typeof v === 'string' ? v : '';
}
function scientificValue(text: string): number | string | null {
  const s = text.trim();
  if (s === '') return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : s;
}

export function LibraryField<T extends FieldValues>({ control, prefix, spec, required, disabled, manufacturers }: LibraryFieldProps<T>) {
  const { t } = useTranslation();
  const translate = useLibraryMessage();
  const testId = `${prefix}-${spec.name}`;
  return (
    <Controller
      control={control}
      name={spec.name as Path<T>}
      render={({ field, fieldState }) => {
        let input: ReactNode;
        switch (spec.kind) {
          case 'number':
          case 'integer':
            input = (
              <InputNumber
                ref={field.ref}
                value={typeof field.value === 'number' ? field.value : null}
                onChange={(v) => field.onChange(v ?? null)}
                onBlur={field.onBlur}
                precision={spec.kind === 'integer' ? 0 : undefined}
                formatter={spec.kind === 'integer' ? undefined : numberText}
                disabled={disabled}
                style={{ width: '100%' }}
                data-testid={testId}
              />
            );
            break;
          case 'scientific':
            input = <Input ref={field.ref} value={scientificText(field.value)} onChange={(e) => field.onChange(scientificValue(e.target.value))} onBlur={field.onBlur} disabled={disabled} data-testid={testId} />;
            break;
          case 'switch':
            input = <Switch checked={field.value === true} onChange={(v) => field.onChange(v)} disabled={disabled} data-testid={testId} />;
            break;
          case 'select':
            input = (
              <Select
                ref={field.ref}
                value={field.value ?? undefined}
                onChange={(v) => field.onChange(v)}
                placeholder={t('library.form.selectPlaceholder')}
                disabled={disabled}
                data-testid={testId}
                options={(spec.options ?? []).map((v) => ({ value: v, label: spec.optionLabels ? t(`library.${spec.optionLabels}.${v}` as MessageKey) : String(v) }))}
              />
            );
            break;
          case 'manufacturer':
            input = (
              <AutoComplete
                value={typeof field.value === 'string' ? field.value : ''}
                onChange={(v: string) => field.onChange(v)}
                onBlur={field.onBlur}
                disabled={disabled}
                options={(manufacturers ?? []).map((m) => ({ value: m }))}
                filterOption={(text, option) => String(option?.value ?? '').toLowerCase().includes(text.toLowerCase())}
              >
                <Input ref={field.ref} data-testid={testId} />
              </AutoComplete>
            );
            break;
          case 'date':
            input = <Input ref={field.ref} value={typeof field.value === 'string' ? field.value : ''} onChange={(e) => field.onChange(e.target.value)} onBlur={field.onBlur} placeholder={t('library.form.datePlaceholder')} disabled={disabled} data-testid={testId} />;
            break;
          case 'text':
            input = <Input ref={field.ref} value={typeof field.value === 'string' ? field.value : ''} onChange={(e) => field.onChange(e.target.value)} onBlur={field.onBlur} disabled={disabled} data-testid={testId} />;
            break;
        }
        return (
          <Form.Item
            label={t(`library.${prefix}.${spec.name}` as MessageKey)}
            required={required}
            validateStatus={fieldState.error ? 'error' : undefined}
            help={fieldState.error ? <span data-testid={`error-${spec.name}`}>{translate(fieldState.error.message)}</span> : undefined}
            valuePropName={spec.kind === 'switch' ? 'checked' : undefined}
          >
            {input}
          </Form.Item>
        );
      }}
    />
  );
}

export interface FieldGroupProps<T extends FieldValues> extends Omit<LibraryFieldProps<T>, 'spec' | 'required' | 'disabled'> {
  title: ReactNode;
  hint?: ReactNode;
  fields: readonly FieldSpec[];
  /** Whether a field is required (marked with an asterisk). */
  isRequired?: (name: string) => boolean;
  /** Whether a field is disabled (e.g. the bifaciality of a monofacial module). */
  isDisabled?: (name: string) => boolean;
  children?: ReactNode;
}

/** A titled group of fields, three to a row. */
export function FieldGroup<T extends FieldValues>({ title, hint, fields, isRequired, isDisabled, children, ...field }: FieldGroupProps<T>) {
  return (
    <>
      <Divider titlePlacement="start" style={{ marginTop: 4 }}>
        {title}
      </Divider>
      {hint && (
        <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: -8 }}>
          {hint}
        </Typography.Paragraph>
      )}
      <Row gutter={16}>
        {fields.map((spec) => (
          <Col key={spec.name} xs={24} sm={12} lg={8}>
            <LibraryField {...field} spec={spec} required={isRequired?.(spec.name)} disabled={isDisabled?.(spec.name)} />
          </Col>
        ))}
      </Row>
      {children}
    </>
  );
}
