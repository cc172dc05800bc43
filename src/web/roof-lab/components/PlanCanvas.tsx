// The 2D plan: pointer input → editor events (world metres), wheel zoom, right/middle-drag pan.
// Painting is the renderer's (renderer-2d.ts); this component only wires DOM events to it.
import { useEffect, useLayoutEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import type { RoofOutput } from '../../../model/index.ts';
import type { RoofDocument } from '../document.ts';
import { t } from '../i18n.ts';
import { defaultView, metresPerPixel, panBy, resizeView, toScreen, toWorld, wheelFactor, zoomAt, type PlanView } from '../plan-view.ts';
import { PlanRenderer } from '../renderer-2d.ts';
import type { SnapTarget } from '../snapping.ts';
import { previewSnap, type EditorEvent, type EditorState } from '../tools.ts';

export interface PlanCanvasProps {
  state: EditorState;
  doc: RoofDocument;
  output: RoofOutput | null;
  errorIds: ReadonlySet<string>;
  hoverFaceId: string | null;
  view: PlanView | null;
  onViewChange(v: PlanView): void;
  onCursor(world: [number, number] | null): void;
  send(e: EditorEvent): void;
}

export function PlanCanvas(props: PlanCanvasProps) {
  const { state, doc, output, errorIds, hoverFaceId, view, onViewChange, onCursor, send } = props;
  const wrapRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const rendererRef = useRef<PlanRenderer | null>(null);
  const [pointer, setPointer] = useState<[number, number] | null>(null); // canvas px
  const panRef = useRef<{ id: number; x: number; y: number } | null>(null);
  const viewRef = useRef(view);
  viewRef.current = view;

  useLayoutEffect(() => {
    const canvas = canvasRef.current!;
    rendererRef.current = new PlanRenderer(canvas);
    return () => {
      rendererRef.current?.dispose();
      rendererRef.current = null;
    };
  }, []);

  // Size: the canvas fills its wrapper; the first size gives the default view (≈ 40 m across).
  useLayoutEffect(() => {
    const wrap = wrapRef.current!;
    const apply = () => {
      const r = wrap.getBoundingClientRect();
      const w = Math.max(1, Math.floor(r.width));
      const h = Math.max(1, Math.floor(r.height));
      const v = viewRef.current;
      if (!v) onViewChange(defaultView(w, h));
      else if (v.width !== w || v.height !== h) onViewChange(resizeView(v, w, h));
    };
    apply();
    const ro = new ResizeObserver(apply);
    ro.observe(wrap);
    return () => ro.disconnect();
  }, [onViewChange]);

  // Wheel zoom needs a non-passive listener to keep the page from scrolling.
  useEffect(() => {
    const canvas = canvasRef.current!;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const v = viewRef.current;
      if (!v) return;
      const r = canvas.getBoundingClientRect();
      onViewChange(zoomAt(v, e.clientX - r.left, e.clientY - r.top, wheelFactor(e.deltaY)));
    };
    canvas.addEventListener('wheel', onWheel, { passive: false });
    return () => canvas.removeEventListener('wheel', onWheel);
  }, [onViewChange]);

  let cursor: SnapTarget | null = null;
  if (view && pointer && !panRef.current) {
    const [wx, wy] = toWorld(view, pointer[0], pointer[1]);
    cursor = previewSnap(state, wx, wy, metresPerPixel(view));
  }

  useEffect(() => {
    if (!view) return;
    rendererRef.current?.render({
      doc,
      tool: state.tool,
      selection: state.selection,
      view,
      output,
      cursor,
      errorIds,
      hoverFaceId,
      dpr: Math.min(3, globalThis.devicePixelRatio || 1),
      northLabel: t('legend.N'),
    });
  });

  const local = (e: ReactPointerEvent<HTMLCanvasElement>): [number, number] => {
    const r = e.currentTarget.getBoundingClientRect();
    return [e.clientX - r.left, e.clientY - r.top];
  };

  const onPointerDown = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    if (!view) return;
    const [px, py] = local(e);
    if (e.button === 1 || e.button === 2) {
      panRef.current = { id: e.pointerId, x: px, y: py };
      e.currentTarget.setPointerCapture(e.pointerId);
      e.preventDefault();
      return;
    }
    if (e.button !== 0) return;
    const [x, y] = toWorld(view, px, py);
    send({ type: 'pointer.down', x, y, mPerPx: metresPerPixel(view) });
  };

  const onPointerMove = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    const [px, py] = local(e);
    const pan = panRef.current;
    if (pan && pan.id === e.pointerId && view) {
      onViewChange(panBy(view, px - pan.x, py - pan.y));
      panRef.current = { ...pan, x: px, y: py };
      return;
    }
    setPointer([px, py]);
    if (view) onCursor(toWorld(view, px, py));
  };

  const endPan = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    if (panRef.current?.id === e.pointerId) {
      panRef.current = null;
      e.currentTarget.releasePointerCapture(e.pointerId);
    }
  };

  const origin = view ? toScreen(view, 0, 0) : [0, 0];
  const cursorClass = state.tool.name === 'select' ? (cursor ? 'cur-pointer' : 'cur-default') : 'cur-draw';

  return (
    <div className="plan-wrap" ref={wrapRef}>
      <canvas
        ref={canvasRef}
        className={`plan-canvas ${cursorClass}`}
        data-testid="plan-canvas"
        data-scale={view?.scale}
        data-origin-x={origin[0]}
        data-origin-y={origin[1]}
        data-tool={state.tool.name}
        data-tool-state={state.tool.state}
        style={{ width: view?.width ?? '100%', height: view?.height ?? '100%' }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endPan}
        onPointerCancel={endPan}
        onPointerLeave={() => {
          setPointer(null);
          onCursor(null);
        }}
        onDoubleClick={() => send({ type: 'pointer.doubleClick' })}
        onContextMenu={(e) => e.preventDefault()}
      />
    </div>
  );
}
