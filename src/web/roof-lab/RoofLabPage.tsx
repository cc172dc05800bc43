// The roof lab: draw a building outline and roof lines (or pick an automatic roof), see the engine's
// faces in plan and in 3D, with the faces table and the engine's errors. The page wires things up;
// the logic lives in the editor (editor.ts, tools.ts, document.ts) and the renderers.
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { startEngineWorker } from '../../engine/browser.ts';
import { BuildingCard } from './components/BuildingCard.tsx';
import { ErrorList } from './components/ErrorList.tsx';
import { FacesTable } from './components/FacesTable.tsx';
import { Legend } from './components/Legend.tsx';
import { PlanCanvas } from './components/PlanCanvas.tsx';
import { SelectionPanel } from './components/SelectionPanel.tsx';
import { Toolbar } from './components/Toolbar.tsx';
import { View3DPanel } from './components/View3DPanel.tsx';
import { parseDocument, type RoofDocument } from './document.ts';
import { Editor, type RoofResult } from './editor.ts';
import { setLanguage, t, useLanguage, type MessageKey } from './i18n.ts';
import { fitBounds, type PlanView } from './plan-view.ts';
import { currentDocument, type EditorState } from './tools.ts';

const STORAGE_KEY = 'pvstudio.roofLab.document';

function loadDocument(): RoofDocument | undefined {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    return raw ? (parseDocument(JSON.parse(raw)) ?? undefined) : undefined;
  } catch {
    return undefined;
  }
}

function saveDocument(doc: RoofDocument): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(doc));
  } catch {
    // storage full or unavailable: the lab still works
  }
}

function hintKey(state: EditorState, doc: RoofDocument): MessageKey {
  const tool = state.tool;
  if (tool.name === 'outline') return tool.state === 'drawing' ? 'hint.outline.drawing' : 'hint.outline.idle';
  if (tool.name === 'line') {
    if (doc.auto) return 'hint.auto';
    return tool.state === 'drawing' ? 'hint.line.drawing' : 'hint.line.idle';
  }
  return 'hint.select';
}

function statusText(roof: RoofResult): string {
  switch (roof.status) {
    case 'loading':
      return t('status.loading');
    case 'idle':
      return t('status.idle');
    case 'running':
      return t('status.running');
    case 'done':
      return t('status.done', { ms: roof.ms === null ? '—' : roof.ms.toFixed(0) });
    case 'failed':
      return t('status.failed', { message: roof.error ?? '' });
  }
}

function isTextInput(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable);
}

export function RoofLabPage() {
  const language = useLanguage();
  const [editor] = useState(() => new Editor({ doc: loadDocument() }));
  const { state, roof } = useSyncExternalStore(editor.subscribe, editor.getSnapshot);
  const doc = currentDocument(state);
  const output = roof.output;
  const [view, setView] = useState<PlanView | null>(null);
  const [cursor, setCursor] = useState<[number, number] | null>(null);
  const [hoverFaceId, setHoverFaceId] = useState<string | null>(null);

  // The engine runs in a Web Worker; the editor sends it the document after every change.
  useEffect(() => {
    const worker = startEngineWorker();
    let live = true;
    editor.setEngine(worker.api);
    worker.api.ready().catch((e: unknown) => {
      if (live) editor.setEngine(null, e instanceof Error ? e.message : String(e));
    });
    worker.exited?.catch((e: unknown) => {
      if (live) editor.setEngine(null, e instanceof Error ? e.message : String(e));
    });
    return () => {
      live = false;
      editor.setEngine(null);
      void worker.terminate();
    };
  }, [editor]);

  useEffect(() => saveDocument(doc), [doc]);

  useEffect(() => {
    document.title = `${t('app.name')} · ${t('lab.title')}`;
  }, [language]);

  // Keyboard: undo/redo, finishing and cancelling gestures, deleting, tool shortcuts.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTextInput(e.target)) return;
      const mod = e.ctrlKey || e.metaKey;
      const key = e.key.toLowerCase();
      if (mod && key === 'z' && !e.shiftKey) editor.send({ type: 'history.undo' });
      else if (mod && (key === 'y' || (key === 'z' && e.shiftKey))) editor.send({ type: 'history.redo' });
      else if (mod) return;
      else if (e.key === 'Enter') editor.send({ type: 'key.enter' });
      else if (e.key === 'Escape') editor.send({ type: 'key.escape' });
      else if (e.key === 'Delete' || e.key === 'Backspace') editor.send({ type: 'key.delete' });
      else if (key === 'o') editor.send({ type: 'tool.select', tool: 'outline' });
      else if (key === 'l') editor.send({ type: 'tool.select', tool: 'line' });
      else if (key === 'v') editor.send({ type: 'tool.select', tool: 'select' });
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [editor]);

  const errorIds = useMemo(() => {
    const ids = new Set<string>();
    for (const e of output?.errors ?? []) for (const id of e.ids) ids.add(id);
    return ids;
  }, [output]);

  const onFit = useCallback(() => {
    if (!view) return;
    const pts = doc.outline;
    if (pts.length === 0) return;
    const xs = pts.map((p) => p.x);
    const ys = pts.map((p) => p.y);
    setView(fitBounds(view, { minX: Math.min(...xs), minY: Math.min(...ys), maxX: Math.max(...xs), maxY: Math.max(...ys) }, 80));
  }, [view, doc.outline]);

  const faces = output?.faces ?? [];
  const errors = output?.errors ?? [];

  return (
    <div className="app" data-testid="roof-lab">
      <header className="app-header">
        <div className="brand">
          <span className="logo" aria-hidden>
            ☀
          </span>
          <span className="brand-name">{t('app.name')}</span>
          <span className="brand-sep">/</span>
          <span className="brand-page">{t('lab.title')}</span>
        </div>
        <button type="button" className="lang" data-testid="lang-switch" onClick={() => setLanguage(language === 'en' ? 'zh' : 'en')}>
          {t('lang.switch')}
        </button>
      </header>
      <Toolbar state={state} doc={doc} send={editor.send} onFit={onFit} />
      <main className="workspace">
        <section className="pane plan-pane">
          <div className="pane-title">{t('view.plan')}</div>
          <PlanCanvas
            state={state}
            doc={doc}
            output={output}
            errorIds={errorIds}
            hoverFaceId={hoverFaceId}
            view={view}
            onViewChange={setView}
            onCursor={setCursor}
            send={editor.send}
          />
          <Legend />
        </section>
        <section className="pane view3d-pane">
          <div className="pane-title">{t('view.3d')}</div>
          <View3DPanel doc={doc} output={output} />
        </section>
        <aside className="side">
          <section className="card">
            <h2>
              {t('panel.faces')}
              <span className="badge" data-testid="faces-count">
                {faces.length}
              </span>
            </h2>
            <FacesTable faces={faces} onHover={setHoverFaceId} />
          </section>
          <section className="card">
            <h2>
              {t('panel.errors')}
              {errors.length > 0 && <span className="badge danger">{errors.length}</span>}
            </h2>
            <ErrorList errors={errors} failure={roof.status === 'failed' ? roof.error : null} />
          </section>
          <section className="card">
            <h2>{t('panel.selection')}</h2>
            <SelectionPanel doc={doc} selection={state.selection} output={output} send={editor.send} />
          </section>
          <section className="card">
            <h2>{t('panel.building')}</h2>
            <BuildingCard doc={doc} output={output} />
          </section>
        </aside>
      </main>
      <footer className="statusbar">
        <span className="hint" data-testid="hint">
          {t(hintKey(state, doc))}
        </span>
        <span className="muted">{t('hint.pan')}</span>
        <span className="spacer" />
        <span className="coords">{cursor ? `x ${cursor[0].toFixed(2)} m · y ${cursor[1].toFixed(2)} m` : ''}</span>
        <span>{view ? t('status.scale', { scale: view.scale.toFixed(1) }) : ''}</span>
        <span className={`engine engine-${roof.status}`} data-testid="engine-status" data-status={roof.status} data-fresh={roof.doc === doc}>
          <span className="dot" aria-hidden />
          {statusText(roof)}
        </span>
      </footer>
    </div>
  );
}
