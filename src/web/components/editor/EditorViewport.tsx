// The editor's drawing area: the base map (maplibre, non-interactive) under the 2D plan (regl,
// Canvas 2D as a fallback), or the three.js 3D view. Pointer input on the plan becomes tool events in
// plan metres; the wheel zooms about the cursor; a middle- or right-button drag (or Space + drag)
// pans. Keyboard shortcuts (keys.ts) go to the editor. Painting belongs to the renderers; this
// component only wires DOM events, the view and the scene to them.
import { useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { WinterShadow } from '../../../design-rules/winter-shadows.ts';
import type { PlanView, ToolInputEvent } from '../../editor/contracts.ts';
import type { EditorSnapshot } from '../../editor/Editor.ts';
import type { Editor } from '../../editor/Editor.ts';
import { shortcutFor, type EditorCommand } from '../../editor/keys.ts';
import { createBaseMap, type BaseMap } from '../../editor/map/base-map.ts';
import type { BaseKind, BaseSources } from '../../editor/map/styles.ts';
import { createPlanRenderer } from '../../editor/render/create-plan-renderer.ts';
import type { ModuleShade } from '../../editor/render/plan-modules.ts';
import { concatLayers, type PlanLayer } from '../../editor/render/plan-layers.ts';
import { buildOverlayLayer } from '../../editor/render/plan-overlay.ts';
import type { PlanRenderer } from '../../editor/render/plan-renderer.ts';
import { createPlanSceneBuilder, type PlanHighlight, type RoofOutputs } from '../../editor/render/plan-scene.ts';
import { defaultPlanView, fitBounds, niceStep, panBy, resizePlanView, screenToWorld, wheelZoomFactor, zoomAt } from '../../editor/render/plan-view.ts';
import { createView3d, type View3d } from '../../editor/render/view-3d.ts';
import type { MessageKey } from '../../i18n/index.ts';

export interface EditorViewportProps {
  editor: Editor;
  snapshot: EditorSnapshot;
  mode: '2d' | '3d';
  base: BaseKind;
  sources: BaseSources;
  shade: ModuleShade | null;
  shadows: readonly WinterShadow[] | null;
  /** Face highlighted from a panel (hover in the faces table). */
  highlight?: PlanHighlight | null;
  onMapMessage?: (key: string | null) => void;
  onAttribution?: (text: string | null) => void;
  /** The heat map's colour scale [0–1 loss] (default 0–20 %): the editor fits it to the values. */
  heatScale?: { readonly min: number; readonly max: number } | null;
  /** The pointer over the plan: plan position [m] and viewport position [px]; null when it leaves. */
  onHover?: (p: { x: number; y: number; px: number; py: number } | null) => void;
  /** Drawn over the plan (a hover tip). */
  children?: ReactNode;
  /** Where pointer and key input goes instead of the editor (the Electrical step's wiring editor). */
  input?: PlanInput;
  /** A layer drawn over the scene, under the tool's overlay (the Electrical step's strings, equipment, cables). */
  annotations?: PlanLayer | null;
  /** The view after every paint (labels placed over the plan). */
  onView?: (view: PlanView) => void;
}

/** A receiver of the plan's pointer events and keyboard commands other than the editor. */
export interface PlanInput {
  send(event: ToolInputEvent): void;
  command(cmd: EditorCommand): void;
  /** Whether the arrow keys act now (otherwise they keep scrolling the page). */
  nudges?(): boolean;
}

/** The roof outputs of a snapshot as the renderers take them (same Map while the roofs are the same). */
export function useRoofOutputs(snapshot: EditorSnapshot): RoofOutputs {
  return useMemo(() => new Map(Object.entries(snapshot.roofs).map(([id, r]) => [id, r.output] as const)), [snapshot.roofs]);
}

/** A new canvas filling `host`. */
function freshCanvas(host: HTMLElement, interactive = false): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.className = 'pv-editor-layer';
  if (!interactive) canvas.style.pointerEvents = 'none';
  host.appendChild(canvas);
  return canvas;
}

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable);
}

export function EditorViewport(props: EditorViewportProps) {
  const { editor, snapshot, mode, base, sources, shade, shadows, highlight = null, onMapMessage, onAttribution, heatScale = null, onHover, annotations = null } = props;
  // Pointer and key input: the editor, or the receiver the step gives (read at event time).
  const inputRef = useRef<PlanInput | undefined>(props.input);
  inputRef.current = props.input;
  const onViewRef = useRef(props.onView);
  onViewRef.current = props.onView;
  const target: PlanInput = {
    send: (e) => (inputRef.current ?? editor).send(e),
    command: (c) => (inputRef.current ?? editor).command(c),
    nudges: () => (inputRef.current ? (inputRef.current.nudges?.() ?? false) : editor.getSnapshot().selection?.kind === 'modules'),
  };
  const { t } = useTranslation();
  const wrapRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<HTMLDivElement>(null);
  const planRef = useRef<HTMLDivElement>(null);
  const threeRef = useRef<HTMLDivElement>(null);
  const scaleRef = useRef<HTMLDivElement>(null);
  const renderer = useRef<PlanRenderer | null>(null);
  const view3d = useRef<View3d | null>(null);
  const baseMap = useRef<BaseMap | null>(null);
  const view = useRef<PlanView>(defaultPlanView(800, 600));
  const fitted = useRef(false);
  const pan = useRef<{ id: number; x: number; y: number } | null>(null);
  const space = useRef(false);
  const buildScene = useMemo(() => createPlanSceneBuilder(), []);
  const roofs = useRoofOutputs(snapshot);
  const [rendererKind, setRendererKind] = useState<string>('');
  const origin = snapshot.scene.building.origin;

  const paint = () => {
    const v = view.current;
    // The view, readable by tests and tools that click at plan positions.
    if (planRef.current) planRef.current.dataset.view = `${v.cx},${v.cy},${v.mPerPx},${v.width},${v.height}`;
    // The scale bar: a round length about 80 px long.
    const bar = scaleRef.current;
    if (bar) {
      const step = niceStep(v, 80);
      bar.style.width = `${Math.round(step / v.mPerPx)}px`;
      bar.textContent = step >= 1 ? `${step} m` : `${Math.round(step * 100)} cm`;
    }
    renderer.current?.render(v);
    baseMap.current?.follow(view.current);
    onViewRef.current?.(v);
  };

  // The plan renderer and the base map live as long as the viewport. Each renderer gets a canvas of
  // its own (a canvas keeps the first kind of context it gave, even after the renderer is gone).
  useEffect(() => {
    const host = planRef.current!;
    const canvas = freshCanvas(host);
    const r = createPlanRenderer(canvas, { background: null });
    renderer.current = r;
    const wrap = wrapRef.current!;
    r.resize(Math.max(1, wrap.clientWidth), Math.max(1, wrap.clientHeight), Math.min(2, window.devicePixelRatio || 1));
    setRendererKind(r.kind);
    return () => {
      r.destroy();
      host.replaceChildren();
      renderer.current = null;
    };
  }, []);

  const originKey = origin ? `${origin.lat},${origin.lng}` : '';
  useEffect(() => {
    if (!origin || !mapRef.current) return;
    const m = createBaseMap(mapRef.current, {
      origin: { lat: origin.lat, lng: origin.lng },
      onError: (e) => onMapMessage?.(e.key),
      onAttribution: (text) => onAttribution?.(text),
    });
    baseMap.current = m;
    m.follow(view.current);
    return () => {
      m.destroy();
      baseMap.current = null;
    };
  }, [originKey]);

  useEffect(() => {
    const m = baseMap.current;
    if (!m) return;
    const r = m.setBase(base, sources);
    onMapMessage?.(r.fallback);
    m.follow(view.current);
  }, [base, sources, originKey, onMapMessage]);

  // Size: the canvases follow the wrapper.
  useEffect(() => {
    const wrap = wrapRef.current!;
    const ro = new ResizeObserver(() => {
      const w = Math.max(1, wrap.clientWidth);
      const h = Math.max(1, wrap.clientHeight);
      view.current = resizePlanView(view.current, w, h);
      renderer.current?.resize(w, h, Math.min(2, window.devicePixelRatio || 1));
      view3d.current?.resize(w, h);
      paint();
    });
    ro.observe(wrap);
    return () => ro.disconnect();
  }, []);

  // The scene: rebuilt (layer by layer, only what changed) when the documents, roofs or shading change.
  const scene = useMemo(
    () =>
      buildScene({
        buildings: snapshot.scene.building,
        roofs,
        layout: snapshot.scene.layout,
        shade,
        selection: (snapshot.selection as PlanHighlight | null) ?? highlight,
        hover: highlight,
        maxLoss: heatScale?.max,
        minLoss: heatScale?.min,
      }),
    [buildScene, snapshot.scene, roofs, shade, snapshot.selection, highlight, heatScale],
  );
  useEffect(() => {
    const r = renderer.current;
    if (!r) return;
    r.setScene(scene);
    if (!fitted.current && scene.bounds) {
      fitted.current = true;
      view.current = fitBounds(view.current, scene.bounds, 60);
    }
    paint();
  }, [scene]);
  useEffect(() => {
    const overlay = buildOverlayLayer(snapshot.overlay, shadows);
    renderer.current?.setOverlay(annotations ? concatLayers(annotations, overlay) : overlay);
    paint();
  }, [snapshot.overlay, shadows, annotations]);

  // The 3D view exists while it is shown.
  useEffect(() => {
    if (mode !== '3d') return;
    const canvas = freshCanvas(threeRef.current!, true);
    let v: View3d;
    try {
      v = createView3d(canvas);
    } catch {
      canvas.remove();
      onMapMessage?.('editor.map.webglUnavailable');
      return;
    }
    view3d.current = v;
    const wrap = wrapRef.current!;
    v.resize(Math.max(1, wrap.clientWidth), Math.max(1, wrap.clientHeight));
    return () => {
      v.destroy();
      canvas.remove();
      view3d.current = null;
    };
  }, [mode, onMapMessage]);
  useEffect(() => {
    if (mode !== '3d') return;
    const v = view3d.current;
    if (!v) return;
    v.setScene({ buildings: snapshot.scene.building, roofs, layout: snapshot.scene.layout, shade, selection: snapshot.selection as PlanHighlight | null, shadows, maxLoss: heatScale?.max, minLoss: heatScale?.min });
    if (threeRef.current) threeRef.current.dataset.modules = String(v.moduleCount());
  }, [mode, snapshot.scene, roofs, shade, snapshot.selection, shadows, heatScale]);

  // Keyboard: shortcuts anywhere on the page except while typing in a field.
  useEffect(() => {
    const down = (e: KeyboardEvent) => {
      if (isTyping(e.target)) return;
      if (e.key === ' ') {
        space.current = true;
        return;
      }
      const cmd = shortcutFor(e);
      if (!cmd) return;
      // Arrow keys move selected modules; otherwise they keep scrolling the page.
      if (cmd.type === 'key.nudge' && !target.nudges!()) return;
      e.preventDefault();
      target.command(cmd);
    };
    const up = (e: KeyboardEvent) => {
      if (e.key === ' ') space.current = false;
    };
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
    };
  }, [editor]);

  // Wheel zoom about the cursor (a non-passive listener: the page must not scroll).
  useEffect(() => {
    const canvas = planRef.current!;
    const wheel = (e: WheelEvent) => {
      e.preventDefault();
      const rect = canvas.getBoundingClientRect();
      view.current = zoomAt(view.current, e.clientX - rect.left, e.clientY - rect.top, wheelZoomFactor(e.deltaY));
      paint();
    };
    canvas.addEventListener('wheel', wheel, { passive: false });
    return () => canvas.removeEventListener('wheel', wheel);
  }, []);

  const world = (e: ReactPointerEvent<HTMLDivElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    const [x, y] = screenToWorld(view.current, e.clientX - rect.left, e.clientY - rect.top);
    return { x, y, mPerPx: view.current.mPerPx, shift: e.shiftKey };
  };

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    e.currentTarget.focus();
    if (e.button === 1 || e.button === 2 || (e.button === 0 && space.current)) {
      pan.current = { id: e.pointerId, x: e.clientX, y: e.clientY };
      e.currentTarget.setPointerCapture(e.pointerId);
      e.preventDefault();
      return;
    }
    if (e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    target.send({ type: 'pointer.down', ...world(e) });
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    const p = pan.current;
    if (p && p.id === e.pointerId) {
      view.current = panBy(view.current, e.clientX - p.x, e.clientY - p.y);
      pan.current = { id: p.id, x: e.clientX, y: e.clientY };
      paint();
      return;
    }
    const w = world(e);
    if (onHover) {
      const rect = e.currentTarget.getBoundingClientRect();
      onHover({ x: w.x, y: w.y, px: e.clientX - rect.left, py: e.clientY - rect.top });
    }
    target.send({ type: 'pointer.move', ...w });
  };
  const onPointerUp = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (pan.current?.id === e.pointerId) {
      pan.current = null;
      return;
    }
    if (e.button !== 0) return;
    target.send({ type: 'pointer.up', ...world(e) });
  };
  const onDoubleClick = (e: React.MouseEvent<HTMLDivElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    const [x, y] = screenToWorld(view.current, e.clientX - rect.left, e.clientY - rect.top);
    target.send({ type: 'pointer.doubleClick', x, y, mPerPx: view.current.mPerPx });
  };

  const fit = () => {
    if (mode === '3d') return view3d.current?.fit();
    if (scene.bounds) view.current = fitBounds(view.current, scene.bounds, 60);
    paint();
  };

  const hint = snapshot.overlay.hint;
  return (
    <div ref={wrapRef} className="pv-editor-viewport" data-testid="editor-viewport" data-renderer={rendererKind} data-mode={mode}>
      <div ref={mapRef} className="pv-editor-layer" data-testid="editor-map" style={{ visibility: mode === '2d' ? 'visible' : 'hidden' }} />
      <div
        ref={planRef}
        className="pv-editor-layer"
        data-testid="plan-canvas"
        data-tool={snapshot.tool}
        data-tool-state={snapshot.toolState}
        data-selected-modules={snapshot.selection?.kind === 'modules' ? snapshot.selection.refs.length : 0}
        tabIndex={0}
        style={{ visibility: mode === '2d' ? 'visible' : 'hidden', cursor: snapshot.tool === 'select' ? 'default' : 'crosshair', touchAction: 'none' }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerLeave={() => onHover?.(null)}
        onDoubleClick={onDoubleClick}
        onContextMenu={(e) => e.preventDefault()}
      />
      {mode === '3d' && <div ref={threeRef} className="pv-editor-layer" data-testid="view-3d" />}
      {mode === '2d' && props.children}
      {hint && (
        <div className="pv-editor-hint" data-testid="editor-hint">
          {t(hint as MessageKey, snapshot.overlay.hintValues ?? {})}
        </div>
      )}
      <div ref={scaleRef} className="pv-editor-scale" data-testid="editor-scale" style={{ visibility: mode === '2d' ? 'visible' : 'hidden' }} />
      <div className="pv-editor-north" aria-label="N" style={{ visibility: mode === '2d' ? 'visible' : 'hidden' }}>
        N ↑
      </div>
      <button type="button" className="pv-editor-fit" onClick={fit} data-testid="editor-fit">
        {t('editor.view.fit')}
      </button>
    </div>
  );
}

