// Hosts the three.js view (view-3d.ts): creates it once, feeds it the document and the roof output.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { RoofOutput } from '../../../model/index.ts';
import type { RoofDocument } from '../document.ts';
import { RoofView3D } from '../view-3d.ts';

export function View3DPanel({ doc, output }: { doc: RoofDocument; output: RoofOutput | null }) {
  const wrapRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const viewRef = useRef<RoofView3D | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useLayoutEffect(() => {
    let view: RoofView3D;
    try {
      view = new RoofView3D(canvasRef.current!);
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
      return;
    }
    viewRef.current = view;
    const wrap = wrapRef.current!;
    const apply = () => {
      const r = wrap.getBoundingClientRect();
      view.resize(Math.floor(r.width), Math.floor(r.height));
    };
    apply();
    const ro = new ResizeObserver(apply);
    ro.observe(wrap);
    return () => {
      ro.disconnect();
      view.dispose();
      viewRef.current = null;
    };
  }, []);

  useEffect(() => {
    viewRef.current?.update(doc, output);
  }, [doc, output]);

  return (
    <div className="view3d-wrap" ref={wrapRef}>
      <canvas ref={canvasRef} className="view3d-canvas" data-testid="view3d-canvas" />
      {failure && <div className="view3d-failure">WebGL: {failure}</div>}
    </div>
  );
}
