// The clickable world map: draws the gazetteer's cities as dots over a graticule, zooms with the
// wheel, pans by dragging, and reports a click (without drag) as a picked longitude and latitude.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Place } from '../geo/gazetteer.ts';
import { centreOn, panBy, toLonLat, toPixel, worldView, zoomAt, type WorldView } from '../geo/world-view.ts';

export interface WorldMapOptions {
  width: number;
  height: number;
  places: readonly Place[] | null;
  picked: { lon: number; lat: number } | null;
  onPick: (lon: number, lat: number) => void;
}

function draw(ctx: CanvasRenderingContext2D, v: WorldView, o: WorldMapOptions): void {
  const { width: w, height: h } = o;
  ctx.fillStyle = '#dbe8f7';
  ctx.fillRect(0, 0, w, h);
  // graticule: every 30° (every 5° when zoomed in)
  const step = v.scale > 8 ? 5 : 30;
  ctx.strokeStyle = 'rgba(67,108,245,0.18)';
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let lon = -180; lon <= 180; lon += step) {
    const [x] = toPixel(v, w, h, lon, 0);
    ctx.moveTo(x, 0);
    ctx.lineTo(x, h);
  }
  for (let lat = -90; lat <= 90; lat += step) {
    const [, y] = toPixel(v, w, h, 0, lat);
    ctx.moveTo(0, y);
    ctx.lineTo(w, y);
  }
  ctx.stroke();
  if (o.places) {
    ctx.fillStyle = 'rgba(31,55,120,0.55)';
    const size = v.scale > 40 ? 2 : 1;
    for (const p of o.places) {
      const [x, y] = toPixel(v, w, h, p.lon, p.lat);
      if (x >= 0 && x < w && y >= 0 && y < h) ctx.fillRect(x, y, size, size);
    }
  }
  if (o.picked) {
    const [x, y] = toPixel(v, w, h, o.picked.lon, o.picked.lat);
    ctx.fillStyle = '#e5484d';
    ctx.strokeStyle = '#ffffff';
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.arc(x, y, 6, 0, Math.PI * 2);
    ctx.fill();
    ctx.stroke();
  }
}

export function useWorldMap(o: WorldMapOptions) {
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const [view, setView] = useState<WorldView>(() => worldView(o.width));
  const drag = useRef<{ x: number; y: number; moved: boolean } | null>(null);

  useEffect(() => {
    const ctx = canvas.current?.getContext('2d');
    if (!ctx) return;
    const id = requestAnimationFrame(() => draw(ctx, view, o));
    return () => cancelAnimationFrame(id);
  }, [view, o]);

  // A new pick from outside (address search): centre on it, zoomed in.
  const { picked } = o;
  const centred = useRef<string>('');
  useEffect(() => {
    if (!picked) return;
    const k = `${picked.lon},${picked.lat}`;
    if (centred.current === k) return;
    centred.current = k;
    setView((v) => centreOn(picked.lon, picked.lat, Math.max(v.scale, 60)));
  }, [picked]);

  const local = (e: { clientX: number; clientY: number }): [number, number] => {
    const r = canvas.current!.getBoundingClientRect();
    return [((e.clientX - r.left) * o.width) / r.width, ((e.clientY - r.top) * o.height) / r.height];
  };

  const onWheel = useCallback(
    (e: React.WheelEvent<HTMLCanvasElement>) => {
      const [x, y] = local(e);
      setView((v) => zoomAt(v, o.width, o.height, x, y, e.deltaY < 0 ? 1.5 : 1 / 1.5));
    },
    [o.width, o.height],
  );
  const onPointerDown = (e: React.PointerEvent<HTMLCanvasElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY, moved: false };
  };
  const onPointerMove = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const d = drag.current;
    if (!d) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (!d.moved && Math.hypot(dx, dy) < 4) return;
    d.moved = true;
    d.x = e.clientX;
    d.y = e.clientY;
    const r = canvas.current!.getBoundingClientRect();
    setView((v) => panBy(v, (dx * o.width) / r.width, (dy * o.height) / r.height));
  };
  const onPointerUp = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const d = drag.current;
    drag.current = null;
    if (!d || d.moved) return;
    const [x, y] = local(e);
    const [lon, lat] = toLonLat(view, o.width, o.height, x, y);
    centred.current = `${lon},${lat}`;
    o.onPick(lon, lat);
  };
  const reset = () => setView(worldView(o.width));
  return { canvas, view, onWheel, onPointerDown, onPointerMove, onPointerUp, reset };
}
