// The Economy step (spec 000 §2 settingEconomics, hidden for LITE-RE; §3 "Energy storage", "Economic
// parameters"; §5 the storage recommendation's refusal; spec 001 §9): the project's operation mode, the
// three stored documents ('economic', 'advanced-economic', 'energy-storage') read into one
// react-hook-form form validated by their schemas (components/economics/economy-form.ts), the tariff
// schemes and templates of the user's list, Save (only the documents that changed, each on the version
// it was read at), Calculate (save, then the server's economics of the saved documents and the
// project's yield, kept on the project as 'economics-result' and read again on entry), and the storage
// recommendation (save, then the server's search; its refusal before wiring shown as the server says it).
import { zodResolver } from '@hookform/resolvers/zod';
import { App } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { EconomicsResultDocument, ElectricityPriceList, StorageRecommendAnswer } from '../../model/api/economics.ts';
import type { AdvancedEconomicDocument, EconomicDocument, EnergyStorageDocument } from '../../model/economics.ts';
import { operationModeOf, type OperationMode } from '../../model/wizard.ts';
import {
  addTariffScheme,
  deleteTariffScheme,
  lastEconomics,
  readAdvanced,
  readEconomic,
  readLoad,
  readStorage,
  recommendStorage,
  runEconomics,
  saveAdvanced,
  saveEconomic,
  saveStorage,
  StaleDocumentError,
  tariffList,
  type Versioned,
} from '../api/economics.ts';
import { ApiError } from '../api/http.ts';
import { updateProject } from '../api/projects.ts';
import { defaultEconomyForm, economyFormOf, economyFormSchema, type EconomyDocuments, type EconomyFormValues } from '../components/economics/economy-form.ts';
import { resultOutdated, type SavedVersions } from '../components/economics/results.ts';
import { schemeOfTariff } from '../components/economics/tariff-grid.ts';
import { useWizard } from './wizard-context.ts';

interface Stored {
  economic: Versioned<EconomicDocument>;
  advanced: Versioned<AdvancedEconomicDocument>;
  storage: Versioned<EnergyStorageDocument>;
  /** The 'power-load' version (0: no load). */
  loadVersion: number;
  hasLoad: boolean;
}

const NONE = <T>(): Versioned<T> => ({ version: 0, data: null });

/** A server's field (`economic.pricePerW`, `advanced-economic.loan`, `costs.perKwh`) as the form's, when it has one. */
export function formFieldOf(field: string | undefined): string | null {
  if (!field) return null;
  if (field.startsWith('economic.') || field.startsWith('storage.')) return field;
  if (field.startsWith('advanced-economic.')) return `advanced.${field.slice('advanced-economic.'.length)}`;
  if (field === 'costs.perKwh') return 'storage.costPerKwh';
  if (field.startsWith('data.')) return null;
  return null;
}

/** The tab of the Economy step that holds a form field. */
export type EconomyTab = 'tariff' | 'storage' | 'params' | 'finance';

export function tabOfField(field: string): EconomyTab {
  if (field.startsWith('storage')) return 'storage';
  if (field.startsWith('advanced')) return 'finance';
  if (field.startsWith('economic.tariff') || field === 'economic.exportPrice' || field === 'economic.tariffId') return 'tariff';
  return 'params';
}

/** The dotted paths of the fields with errors, in the order react-hook-form keeps them. */
function errorPaths(errors: object, prefix = ''): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(errors)) {
    if (!v || typeof v !== 'object') continue;
    const path = prefix ? `${prefix}.${k}` : k;
    if (typeof (v as { message?: unknown }).message === 'string') out.push(path);
    else out.push(...errorPaths(v as object, path));
  }
  return out;
}

export function useEconomicsStep(onInvalid?: (tab: EconomyTab) => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const w = useWizard();
  const project = w.project;
  const projectId = project?.projectId ?? null;
  const form = useForm<EconomyFormValues, unknown, EconomyDocuments>({ resolver: zodResolver(economyFormSchema), defaultValues: defaultEconomyForm(), mode: 'onSubmit' });
  const stored = useRef<Stored>({ economic: NONE(), advanced: NONE(), storage: NONE(), loadVersion: 0, hasLoad: false });
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const [calculating, setCalculating] = useState(false);
  const [result, setResult] = useState<EconomicsResultDocument | null>(null);
  const [runError, setRunError] = useState<string | null>(null);
  const [prices, setPrices] = useState<ElectricityPriceList | null>(null);
  const [recommendation, setRecommendation] = useState<StorageRecommendAnswer | null>(null);
  const [recommending, setRecommending] = useState(false);
  const [recommendError, setRecommendError] = useState<string | null>(null);
  const [versions, setVersions] = useState<SavedVersions>({ powerLoad: 0, energyStorage: 0, economic: 0, advancedEconomic: 0 });
  const [hasLoad, setHasLoad] = useState(false);
  const mode: OperationMode | null = operationModeOf(project?.basicInfo.powerStatOperationMode);

  const noteVersions = useCallback(() => {
    const s = stored.current;
    setVersions({ powerLoad: s.loadVersion, energyStorage: s.storage.version, economic: s.economic.version, advancedEconomic: s.advanced.version });
    setHasLoad(s.hasLoad);
  }, []);

  const reload = useCallback(async () => {
    if (projectId === null) return;
    const [economic, advanced, storage, load] = await Promise.all([readEconomic(projectId), readAdvanced(projectId), readStorage(projectId), readLoad(projectId)]);
    stored.current = { economic, advanced, storage, loadVersion: load.version, hasLoad: load.data !== null };
    form.reset(economyFormOf(economic.data, advanced.data, storage.data));
    noteVersions();
  }, [projectId, form, noteVersions]);

  const refreshPrices = useCallback(() => {
    tariffList()
      .then(setPrices)
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    if (projectId === null) return;
    let live = true;
    refreshPrices();
    Promise.all([reload(), lastEconomics(projectId).then((r) => live && setResult(r))])
      .catch((e: unknown) => live && void message.error(e instanceof Error && e.message ? e.message : t('economics.step.loadFailed')))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [projectId, reload, refreshPrices, message, t]);

  /** Shows a server's refusal at the form's field it names, else returns it for display. */
  const showFieldError = useCallback(
    (e: unknown): string => {
      const text = e instanceof Error && e.message ? e.message : t('errors.busy');
      const field = e instanceof ApiError ? formFieldOf(e.field) : null;
      if (field) {
        form.setError(field as Path<EconomyFormValues>, { type: 'server', message: text }, { shouldFocus: true });
        onInvalid?.(tabOfField(field));
      }
      return text;
    },
    [form, t, onInvalid],
  );

  /** Saves the documents that differ from the stored ones; true when all are stored. */
  const persist = useCallback(
    async (docs: EconomyDocuments): Promise<boolean> => {
      if (projectId === null) return false;
      const s = stored.current;
      const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
      const storage: EnergyStorageDocument = { ...docs.storage, loadVersion: s.hasLoad ? s.loadVersion : null };
      try {
        if (!same(s.economic.data, docs.economic)) s.economic = { version: await saveEconomic(projectId, s.economic.version, docs.economic), data: docs.economic };
        if (!same(s.advanced.data, docs.advanced)) s.advanced = { version: await saveAdvanced(projectId, s.advanced.version, docs.advanced), data: docs.advanced };
        // A storage never configured and still off is not written (nothing to keep).
        if (!same(s.storage.data, storage) && (s.storage.data !== null || storage.enabled)) s.storage = { version: await saveStorage(projectId, s.storage.version, storage), data: storage };
        noteVersions();
        form.reset(form.getValues(), { keepValues: true });
        return true;
      } catch (e) {
        if (e instanceof StaleDocumentError) {
          void message.warning(t('economics.step.stale'));
          await reload();
          return false;
        }
        void message.error(showFieldError(e));
        return false;
      }
    },
    [projectId, form, message, t, reload, noteVersions, showFieldError],
  );

  /** The form validated (its messages at the fields) and saved. */
  const validatedSave = useCallback(async (): Promise<boolean> => {
    let docs: EconomyDocuments | null = null;
    await form.handleSubmit(
      (d) => {
        docs = d;
      },
      (errors) => {
        const first = errorPaths(errors)[0];
        if (first) onInvalid?.(tabOfField(first));
      },
    )();
    if (!docs) return false;
    setSaving(true);
    try {
      return await persist(docs);
    } finally {
      setSaving(false);
    }
  }, [form, persist, onInvalid]);

  const save = useCallback(async () => {
    if (await validatedSave()) void message.success(t('economics.step.saved'));
  }, [validatedSave, message, t]);

  const calculate = useCallback(async () => {
    if (projectId === null) return;
    setRunError(null);
    if (!(await validatedSave())) return;
    setCalculating(true);
    try {
      setResult((await runEconomics(projectId)).data);
    } catch (e) {
      setRunError(showFieldError(e));
    } finally {
      setCalculating(false);
    }
  }, [projectId, validatedSave, showFieldError]);

  /** The storage recommendation for a self-sufficiency target [%] (null: none), with the form's battery costs. */
  const recommend = useCallback(
    async (targetPct: number | null) => {
      if (projectId === null) return;
      setRecommendError(null);
      setRecommendation(null);
      if (!(await validatedSave())) return;
      const s = form.getValues('storage');
      setRecommending(true);
      try {
        setRecommendation(
          await recommendStorage({
            projectId,
            strategy: s.strategy,
            ...(s.costPerKwh !== null ? { costs: { perKwh: s.costPerKwh, perKw: s.costPerKw ?? 0, ...(s.replacementCostPerKwh !== null ? { replacementPerKwh: s.replacementCostPerKwh } : {}) } } : {}),
            ...(targetPct !== null ? { targetSelfSufficiency: targetPct / 100 } : {}),
          }),
        );
      } catch (e) {
        setRecommendError(showFieldError(e));
      } finally {
        setRecommending(false);
      }
    },
    [projectId, form, validatedSave, showFieldError],
  );

  /** Changes the project's operation mode (spec 001 §9); the wizard follows (the Load step shows for 1 and 2). */
  const setMode = useCallback(
    async (m: OperationMode) => {
      if (!project) return;
      try {
        const p = await updateProject({ projectId: project.projectId, basicInfo: { powerStatOperationMode: m } });
        w.projectSaved(p);
        void message.success(t('economics.mode.changed'));
      } catch (e) {
        void message.error(e instanceof Error && e.message ? e.message : t('errors.busy'));
      }
    },
    [project, w, message, t],
  );

  /** Saves the form's tariff as a scheme of the user's list (one day for every month); false when it cannot be. */
  const saveScheme = useCallback(
    async (name: string): Promise<boolean> => {
      const scheme = schemeOfTariff(form.getValues('economic.tariff'), name.trim());
      if (!scheme || !name.trim()) return false;
      try {
        const saved = await addTariffScheme(scheme);
        form.setValue('economic.tariffId', saved.id, { shouldDirty: true });
        refreshPrices();
        void message.success(t('economics.tariff.schemeSaved'));
        return true;
      } catch (e) {
        void message.error(e instanceof Error && e.message ? e.message : t('errors.busy'));
        return false;
      }
    },
    [form, refreshPrices, message, t],
  );

  const deleteScheme = useCallback(
    async (id: number) => {
      try {
        await deleteTariffScheme(id);
        if (form.getValues('economic.tariffId') === id) form.setValue('economic.tariffId', null, { shouldDirty: true });
        refreshPrices();
        void message.success(t('economics.tariff.schemeDeleted'));
      } catch (e) {
        void message.error(e instanceof Error && e.message ? e.message : t('errors.busy'));
      }
    },
    [form, refreshPrices, message, t],
  );

  const outdated = result !== null && (form.formState.isDirty || resultOutdated(result, versions));

  return {
    form,
    loading,
    saving,
    calculating,
    result,
    runError,
    outdated,
    prices,
    mode,
    hasLoad,
    setMode,
    save,
    calculate,
    recommend,
    recommendation,
    recommending,
    recommendError,
    saveScheme,
    deleteScheme,
    previous: () => w.actor.send({ type: 'step.go', step: 'electrical' }),
    next: () => w.actor.send({ type: 'step.go', step: 'report' }),
  };
}
