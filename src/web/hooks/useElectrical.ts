// The Electrical step's state (spec 000 §2 settingElectrical, §3 "Inverter data", "Cable", §4): the
// wiring editor and the store of the 'inverter-config' and 'cable' documents for the open project,
// loaded from the server on entry (so a reload restores them), the automatic configuration and the
// cable routing (documents the server makes and stores: one undoable step each), saving ("wiring
// saved"), the leave flag's save, and the wizard told when an inverter configuration exists (the
// report capability switches on).
import { App } from 'antd';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { LayoutDocument } from '../../model/design.ts';
import type { CableDocument } from '../../model/electrical-design.ts';
import type { PvModule } from '../../model/equipment-module.ts';
import { autoPlaceCables, configureInverters, moduleData } from '../api/electrical.ts';
import { httpElectricalApi } from '../editor/electrical/electrical-api.ts';
import type { InverterConfigBody } from '../../model/api/electrical.ts';
import { ElectricalStore, type ElectricalStoreState } from '../editor/electrical/electrical-store.ts';
import { WiringEditor, type WiringSnapshot } from '../editor/electrical/wiring-editor.ts';
import { useWizard } from './wizard-context.ts';

/** History labels of the server's documents (i18n keys). */
export const SERVER_LABELS = { configure: 'electrical.history.configure', route: 'electrical.history.route' } as const;

export interface ElectricalState {
  readonly editor: WiringEditor;
  readonly store: ElectricalStore;
  readonly snapshot: WiringSnapshot;
  readonly saveState: ElectricalStoreState;
  readonly status: 'loading' | 'ready' | 'failed';
  readonly loadError: string | null;
  /** The layout's module from the library (its electrical data), or null (typed in, or not read yet). */
  readonly module: PvModule | null;
  /** STC power of the layout's module [W], or null without one. */
  readonly modulePowerW: number | null;
  /** A call in progress. */
  readonly busy: 'configure' | 'route' | null;
  configure(body: Omit<InverterConfigBody, 'projectId'>): Promise<string | null>;
  routeCables(settings?: CableDocument['settings']): Promise<string | null>;
  /** Saves the changed documents; true when nothing is left unsaved (says "wiring saved"). */
  save(): Promise<boolean>;
}

/** The wiring editor and its store of a project: made on mount, disposed on unmount (null until made). */
export function useElectricalSession(projectId: number): { editor: WiringEditor; store: ElectricalStore } | null {
  const [session, setSession] = useState<{ editor: WiringEditor; store: ElectricalStore } | null>(null);
  useEffect(() => {
    const editor = new WiringEditor();
    const store = new ElectricalStore(projectId, editor, httpElectricalApi());
    setSession({ editor, store });
    return () => {
      store.dispose();
      editor.dispose();
    };
  }, [projectId]);
  return session;
}

export function useElectrical(session: { editor: WiringEditor; store: ElectricalStore }, layout: LayoutDocument): ElectricalState {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const w = useWizard();
  const { editor, store } = session;
  const projectId = store.projectId;
  useEffect(() => editor.setLayout(layout), [editor, layout]);
  const snapshot = useSyncExternalStore(editor.subscribe, editor.getSnapshot);
  const saveState = useSyncExternalStore(store.subscribe, store.getState);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState<ElectricalState['busy']>(null);
  const [module, setModule] = useState<PvModule | null>(null);

  useEffect(() => {
    let live = true;
    setStatus('loading');
    store
      .load()
      .then(() => live && setStatus('ready'))
      .catch((e: unknown) => {
        if (!live) return;
        setLoadError(e instanceof Error ? e.message : String(e));
        setStatus('failed');
      });
    return () => {
      live = false;
    };
  }, [store]);

  const libraryId = layout.module?.libraryId ?? null;
  useEffect(() => {
    if (libraryId === null) return setModule(null);
    const ctl = new AbortController();
    moduleData(libraryId, ctl.signal)
      .then(setModule)
      .catch(() => setModule(null));
    return () => ctl.abort();
  }, [libraryId]);

  // The wizard: an inverter configuration saved on the server opens the economics and report steps.
  const configured = status === 'ready' && store.version('config') > 0 && snapshot.committed.config !== null;
  useEffect(() => {
    if (configured) w.actor.send({ type: 'inverter.changed', configured: true });
  }, [configured, w.actor]);

  const save = useCallback(async () => {
    if (!editor.getSnapshot().dirty) return true;
    const ok = await store.save();
    if (ok) void message.success({ content: t('electrical.saved'), key: 'wiring-saved' });
    return ok;
  }, [editor, store, message, t]);

  // Leaving the assign step saves first (the wizard's leave flag); a conflict or failure keeps the user here.
  useEffect(() => {
    w.setBeforeLeave(save);
    return () => w.setBeforeLeave(null);
  }, [w, save]);

  // Closing or reloading the tab with unsaved wiring asks first.
  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (editor.getSnapshot().dirty) e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [editor]);

  const configure = useCallback(
    async (body: Omit<InverterConfigBody, 'projectId'>): Promise<string | null> => {
      setBusy('configure');
      try {
        const r = await configureInverters({ ...body, projectId });
        store.applyServer('config', r.version, r.data, SERVER_LABELS.configure);
        editor.select(null);
        return null;
      } catch (e) {
        return e instanceof Error ? e.message : String(e);
      } finally {
        setBusy(null);
      }
    },
    [projectId, store, editor],
  );

  const routeCables = useCallback(
    async (settings?: CableDocument['settings']): Promise<string | null> => {
      setBusy('route');
      try {
        // The routing reads the stored wiring: unsaved wiring is saved first.
        if (!(await save())) return t('electrical.cables.saveFirst');
        const r = await autoPlaceCables({ projectId, ...(settings ? { settings } : {}) });
        store.applyServer('cables', r.version, r.data, SERVER_LABELS.route);
        return null;
      } catch (e) {
        return e instanceof Error ? e.message : String(e);
      } finally {
        setBusy(null);
      }
    },
    [projectId, store, save, t],
  );

  const modulePowerW = layout.module?.powerW ?? null;
  return { editor, store, snapshot, saveState, status, loadError, module, modulePowerW, busy, configure, routeCables, save };
}
