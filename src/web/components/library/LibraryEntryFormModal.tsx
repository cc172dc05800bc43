// The dialog the custom PV module and custom inverter forms share (spec 001 §3, §5, §8): the form state
// of useLibraryForm (saving to the user's library, or to another one such as the enterprise's), the
// PVsyst import (.PAN / .OND, the user's library only), the kind's field groups, the datasheet
// reference, and the curves drawn from the values as typed (deferred, once the fields they need are
// valid). ModuleFormModal.tsx and InverterFormModal.tsx give it their fields, schema and curves.
import { Button, Collapse, Form, Modal, Space, Typography } from 'antd';
import { useDeferredValue, useMemo, type ReactNode } from 'react';
import { useWatch, type Control, type FieldValues, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { LibraryKind } from '../../api/library.ts';
import { useLibraryForm, type LibraryFormInitial, type LibraryFormTarget } from '../../hooks/useLibraryForm.ts';
import { useLibraryManufacturers } from '../../hooks/useLibraryManufacturers.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { cleanFormValues } from '../../library/form-values.ts';
import { PvsystImport } from './PvsystImport.tsx';

/** The props of a library entry dialog (ModuleFormModal, InverterFormModal). */
export interface LibraryEntryFormProps<TIn, TOut> {
  open: boolean;
  onClose(): void;
  /** Called with the entry's library id once it is saved (the dialog then closes). */
  onSaved(libraryId: number): void;
  /** An entry to edit (`id`), or values to start a new custom entry from (a copy of a system one). */
  initial?: LibraryFormInitial<TIn>;
  /** Another library to save to (the enterprise pages): its calls and manufacturer names; no PVsyst import. */
  library?: LibraryFormTarget<TOut, TIn>;
}

/** What the FieldGroups of a dialog share: the form, the labels' prefix, manufacturer suggestions, required marks. */
export interface LibraryFieldGroupBase<TIn extends FieldValues> {
  control: Control<TIn>;
  prefix: LibraryKind;
  manufacturers: readonly string[];
  isRequired: (name: string) => boolean;
}

/** One kind's dialog: its schema and defaults, its own library's calls, its texts, fields and curves. */
export interface LibraryEntryKind<TIn extends FieldValues, TOut, C> {
  kind: LibraryKind;
  defaults: Partial<TIn>;
  resolver: Resolver<TIn, unknown, TOut>;
  /** The user's library calls (used unless `library` names another). */
  add: (entry: TOut) => Promise<number>;
  update: (id: number, entry: TOut) => Promise<void>;
  load: (id: number) => Promise<Partial<TIn>>;
  isRequired: (name: string) => boolean;
  titles: { add: MessageKey; edit: MessageKey };
  datasheetLabel: MessageKey;
  /** The curves' input from the cleaned values (null while the fields it needs are not valid). */
  curveInputOf: (values: unknown) => C;
  /** The field groups, given what they share and the values as typed. */
  fields: (group: LibraryFieldGroupBase<TIn>, values: Partial<TIn>) => ReactNode;
  curves: (input: C) => ReactNode;
}

export function LibraryEntryFormModal<TIn extends FieldValues & { datasheet?: { document?: string } }, TOut, C>({
  open,
  onClose,
  onSaved,
  initial,
  library,
  entry,
}: LibraryEntryFormProps<TIn, TOut> & { entry: LibraryEntryKind<TIn, TOut, C> }) {
  const { t } = useTranslation();
  const { kind } = entry;
  const makers = useLibraryManufacturers(kind, open && !library);
  const f = useLibraryForm<TIn, TOut>({
    kind,
    open,
    initial,
    defaults: entry.defaults,
    resolver: entry.resolver,
    add: library?.add ?? entry.add,
    update: library?.update ?? entry.update,
    load: library?.load ?? entry.load,
    onSaved,
    onClose,
  });
  const control = f.form.control as unknown as Control<TIn>;
  const values = useWatch({ control }) as Partial<TIn>;
  // the curves follow the values as typed, once the fields they need are valid
  const curveKey = JSON.stringify(entry.curveInputOf(cleanFormValues(values)));
  const curveInput = useMemo(() => JSON.parse(curveKey) as C, [curveKey]);
  const deferred = useDeferredValue(curveInput);
  const group: LibraryFieldGroupBase<TIn> = { control, prefix: kind, manufacturers: library?.manufacturers ?? makers.names, isRequired: entry.isRequired };
  const datasheet = values.datasheet?.document;

  return (
    <Modal
      open={open}
      title={f.editingId === undefined ? t(entry.titles.add) : t(entry.titles.edit)}
      onCancel={onClose}
      width={1040}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={f.saving} onClick={() => void f.submit()} data-testid={`${kind}-save`}>
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <div data-testid={`${kind}-form`}>
        {!library && <PvsystImport kind={kind} state={f.imported} onFile={(file) => void f.importFile(file)} />}
        <Form layout="vertical" component={false}>
          {entry.fields(group, values)}
        </Form>
        {datasheet && (
          <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
            {t(entry.datasheetLabel)}: {datasheet}
          </Typography.Paragraph>
        )}
        <Collapse destroyOnHidden items={[{ key: 'curves', label: t('library.sections.curves'), children: entry.curves(deferred) }]} data-testid={`${kind}-form-curves-panel`} />
      </div>
    </Modal>
  );
}
