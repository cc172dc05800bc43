// What the custom module and inverter forms share (spec 001 §3, §5, §8): the react-hook-form state
// validated by the shared schemas (web/library/form-values.ts), reset whenever the dialog opens,
// saving as an add or an update ('Added successfully' / 'Updated'; a server refusal naming a field is
// shown under that field), and the PVsyst import: the file goes to the server's import call, which
// adds it as a custom entry; its values then fill the form, and saving updates that entry.
import { App } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/http.ts';
import { importPvsyst, type LibraryKind } from '../api/library.ts';
import { importRefusal, pvsystExtensionOk } from '../library/messages.ts';
import { EQUIPMENT_MESSAGES } from '../../model/equipment.ts';

/** What a form opens with: an entry to edit (`id`), or values to start a new custom entry from. */
export interface LibraryFormInitial<T> {
  /** The custom entry being edited; absent: a new entry. */
  id?: number;
  values: Partial<T>;
}

/** Another library a form saves to (the enterprise's): its add, update and load calls, its manufacturer names. */
export interface LibraryFormTarget<TOut, TIn> {
  add: (entry: TOut) => Promise<number>;
  update: (id: number, entry: TOut) => Promise<void>;
  load: (id: number) => Promise<Partial<TIn>>;
  manufacturers: string[];
}

/** The outcome of an import, for the form to show. */
export type ImportState = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done'; fileName: string } | { kind: 'refused'; standard: boolean; detail: string | null };

export interface LibraryFormOptions<TIn extends FieldValues, TOut> {
  kind: LibraryKind;
  open: boolean;
  initial: LibraryFormInitial<TIn> | undefined;
  defaults: Partial<TIn>;
  resolver: Resolver<TIn, unknown, TOut>;
  add: (entry: TOut) => Promise<number>;
  update: (id: number, entry: TOut) => Promise<void>;
  /** The full entry of an id (after an import). */
  load: (id: number) => Promise<Partial<TIn>>;
  onSaved: (libraryId: number) => void;
  onClose: () => void;
}

/** `pmax: Module rated power is required` → the message without its field prefix. */
function withoutField(message: string, field: string): string {
  return message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message;
}

export function useLibraryForm<TIn extends FieldValues, TOut>(o: LibraryFormOptions<TIn, TOut>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { open, initial, defaults, kind } = o;
  const form = useForm<TIn, unknown, TOut>({ resolver: o.resolver, defaultValues: { ...defaults, ...initial?.values } as DefaultValues<TIn>, mode: 'onSubmit' });
  const [editingId, setEditingId] = useState<number | undefined>(initial?.id);
  const [saving, setSaving] = useState(false);
  const [imported, setImported] = useState<ImportState>({ kind: 'idle' });
  const { reset } = form;
  // what the dialog opens with, read when it opens (a caller's new object per render changes nothing)
  const opening = useRef({ initial, defaults });
  opening.current = { initial, defaults };

  useEffect(() => {
    if (!open) return;
    const { initial: start, defaults: base } = opening.current;
    reset({ ...base, ...start?.values } as DefaultValues<TIn>);
    setEditingId(start?.id);
    setImported({ kind: 'idle' });
  }, [open, reset]);

  const { add, update, load, onSaved, onClose } = o;
  const submit = form.handleSubmit(
    async (entry) => {
      setSaving(true);
      try {
        let id = editingId;
        if (id === undefined) id = await add(entry);
        else await update(id, entry);
        void message.success(editingId === undefined ? t('library.added') : t('library.updated'));
        onSaved(id);
        onClose();
      } catch (e) {
        if (e instanceof ApiError && e.field) form.setError(e.field as Path<TIn>, { type: 'server', message: withoutField(e.message, e.field) }, { shouldFocus: true });
        else if (e instanceof ApiError) void message.error(e.message || t('errors.busy'));
        else throw e;
      } finally {
        setSaving(false);
      }
    },
    () => void message.error(t('library.form.submitError')),
  );

  /** Sends a .PAN / .OND file to the server's import, then fills the form with the new entry. */
  const importFile = useCallback(
    async (file: File) => {
      if (!pvsystExtensionOk(kind, file.name)) {
        setImported({ kind: 'refused', standard: true, detail: null });
        return;
      }
      setImported({ kind: 'busy' });
      try {
        const id = await importPvsyst(kind, file, file.name);
        const values = await load(id);
        reset({ ...opening.current.defaults, ...values } as DefaultValues<TIn>);
        setEditingId(id);
        setImported({ kind: 'done', fileName: file.name });
      } catch (e) {
        const text = e instanceof ApiError ? e.message : EQUIPMENT_MESSAGES.selectPanOnd;
        setImported({ kind: 'refused', ...importRefusal(text) });
      }
    },
    [kind, load, reset],
  );

  return { form, editingId, saving, submit, imported, importFile };
}
