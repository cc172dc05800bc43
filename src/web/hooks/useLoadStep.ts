// The Load step (spec 000 §2 "load, shown for operation modes 1 and 2", §3 "Load", §5 'Please upload a
// file in xlsx format'; spec 001 §4 "changing the load clears configured storage", §9 consumption
// models): the consumption models of the server's type list, the project's stored load read into a
// react-hook-form form validated by the 'power-load' document's schema, the charts worked out in the
// browser as the user types (components/load/load-preview.ts), an xlsx file read by the server (its
// first bad cell named by row and column), and Save / Next. A save that changes the load while storage
// is configured is refused by the server until the user confirms that the storage is cleared; the
// wizard is then told the load is configured, which opens drawing for self-consumption projects.
import { zodResolver } from '@hookform/resolvers/zod';
import { App } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ConsumptionModelItem } from '../../model/api/economics.ts';
import type { PowerLoadDocument } from '../../model/economics.ts';
import { CONSUMPTION_MODELS } from '../../economics/load-profiles.ts';
import { LoadClearsStorageError, loadTypes, readLoad, saveLoad, StaleDocumentError, uploadLoadFile } from '../api/economics.ts';
import { ApiError } from '../api/http.ts';
import { loadConfigType, loadDocumentOf, loadFormOf, loadFormSchema, EMPTY_LOAD_FORM, type LoadFormValues } from '../components/load/load-form.ts';
import { loadPreview, type LoadPreview } from '../components/load/load-preview.ts';
import { isXlsxName } from '../components/load/load-file.ts';
import { useWizard } from './wizard-context.ts';

export type UploadState = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done'; fileName: string } | { kind: 'refused'; message: string };

export function useLoadStep() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const w = useWizard();
  const projectId = w.project?.projectId ?? null;
  const form = useForm<LoadFormValues, unknown, PowerLoadDocument>({ resolver: zodResolver(loadFormSchema), defaultValues: structuredClone(EMPTY_LOAD_FORM), mode: 'onChange' });
  // The core's list until the server's answers (the same models: src/economics/load-profiles.ts).
  const [models, setModels] = useState<readonly Pick<ConsumptionModelItem, 'id' | 'nameEn' | 'nameZh' | 'descriptionEn' | 'descriptionZh' | 'family'>[]>(CONSUMPTION_MODELS);
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const [upload, setUpload] = useState<UploadState>({ kind: 'idle' });
  const [unit, setUnit] = useState<'kW' | 'kWh'>('kW');
  /** The stored document and its version (the base of the next save). */
  const stored = useRef<{ version: number; data: PowerLoadDocument | null }>({ version: 0, data: null });
  const [savedOnce, setSavedOnce] = useState(false);

  const reload = useCallback(async () => {
    if (projectId === null) return;
    const r = await readLoad(projectId);
    stored.current = { version: r.version, data: r.data };
    setSavedOnce(r.data !== null);
    form.reset(loadFormOf(r.data));
  }, [projectId, form]);

  useEffect(() => {
    let live = true;
    loadTypes()
      .then((list) => live && setModels(list))
      .catch(() => undefined);
    reload()
      .catch((e: unknown) => live && void message.error(e instanceof Error ? e.message : String(e)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [reload, message]);

  // The charts follow the form: the document it makes now, or nothing while it makes none.
  const values = useWatch({ control: form.control }) as LoadFormValues;
  const preview: LoadPreview | null = useMemo(() => {
    const doc = loadDocumentOf(values);
    return doc ? loadPreview(doc) : null;
  }, [values]);

  const uploadFile = useCallback(
    async (file: File) => {
      if (projectId === null) return;
      if (!isXlsxName(file.name)) {
        setUpload({ kind: 'refused', message: t('economics.messages.xlsxOnly') });
        return;
      }
      setUpload({ kind: 'busy' });
      try {
        const r = await uploadLoadFile(projectId, file, file.name, unit);
        const up = r.document.upload;
        if (!up) throw new Error(t('economics.messages.format'));
        form.setValue('upload', { fileName: up.fileName, layout: up.layout, hourlyKwh: up.hourlyKwh }, { shouldDirty: true, shouldValidate: true });
        form.setValue('source', 'upload', { shouldDirty: true, shouldValidate: true });
        setUpload({ kind: 'done', fileName: up.fileName });
      } catch (e) {
        setUpload({ kind: 'refused', message: e instanceof Error && e.message ? e.message : t('errors.busy') });
      }
    },
    [projectId, form, t, unit],
  );

  /** Saves the load (asking first when it clears the storage); true when the load is stored. */
  const persist = useCallback(
    async (doc: PowerLoadDocument): Promise<boolean> => {
      if (projectId === null) return false;
      const send = async (clearStorage: boolean) => {
        const r = await saveLoad(projectId, stored.current.version, doc, clearStorage);
        stored.current = { version: r.version, data: doc };
        setSavedOnce(true);
        form.reset(loadFormOf(doc));
        w.actor.send({ type: 'load.configured', powerLoadConfigType: loadConfigType(doc) });
        void message.success(r.storageCleared ? `${t('economics.load.saved')} · ${t('economics.load.storageCleared')}` : t('economics.load.saved'));
        return true;
      };
      setSaving(true);
      try {
        return await send(false);
      } catch (e) {
        if (e instanceof LoadClearsStorageError) {
          const agreed = await modal.confirm({
            title: t('economics.load.clearStorage.title'),
            content: t('economics.load.clearStorage.text'),
            okText: t('economics.load.clearStorage.ok'),
            cancelText: t('common.cancel'),
          });
          return agreed ? await send(true) : false;
        }
        if (e instanceof StaleDocumentError) {
          void message.warning(t('economics.step.stale'));
          await reload();
          return false;
        }
        void message.error(e instanceof ApiError || e instanceof Error ? e.message || t('errors.busy') : t('errors.busy'));
        return false;
      } finally {
        setSaving(false);
      }
    },
    [projectId, form, w.actor, message, modal, t, reload],
  );

  /** Save: the form validated first (its messages at the fields). */
  const save = useCallback(async (): Promise<boolean> => {
    let doc: PowerLoadDocument | null = null;
    await form.handleSubmit((d) => {
      doc = d;
    })();
    return doc ? persist(doc) : false;
  }, [form, persist]);

  /** Next: saves what changed (or was never saved), then Building. */
  const next = useCallback(async () => {
    const ok = form.formState.isDirty || !savedOnce ? await save() : true;
    if (ok) w.actor.send({ type: 'step.go', step: 'building' });
  }, [form.formState.isDirty, savedOnce, save, w.actor]);

  const previous = useCallback(() => w.actor.send({ type: 'step.go', step: 'information' }), [w.actor]);

  return { form, models, loading, saving, preview, upload, uploadFile, unit, setUnit, save, next, previous, savedOnce };
}
