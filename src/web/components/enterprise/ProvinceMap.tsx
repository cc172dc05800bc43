// The dashboard's province distribution on a map (spec 001 §2): China's provincial-level divisions
// (the bundled GeoJSON of src/web/geo/atlas-data.ts, shared with the Information step's map) filled
// by project count in classes (province-map.ts), a legend, each province with projects labelled with
// its count, and a tooltip on hover. Offline (no tiles, glyphs or sprites). Without WebGL the map
// says it is unavailable; the province list beside it carries the same numbers.
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { Alert, Flex, Spin, Typography } from 'antd';
import { Map as MaplibreMap, Marker, Popup, setWorkerUrl } from 'maplibre-gl';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AtlasData, AtlasLanguage } from '../../geo/offline-atlas.ts';
import { choroplethStyle, countByProvince, countClasses, countLabels, NO_PROJECTS_FILL, PROVINCE_MAP_LAYERS } from './province-map.ts';

setWorkerUrl(workerUrl);

/** China with the South China Sea islands [lon, lat]. */
const CHINA_BOUNDS: [[number, number], [number, number]] = [
  [73, 3],
  [136, 54],
];

export function ProvinceMap({ rows, height = 360 }: { rows: readonly { province: string; projects: number }[]; height?: number }) {
  const { t, i18n } = useTranslation();
  const lang: AtlasLanguage = i18n.language.startsWith('zh') ? 'zh' : 'en';
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const counts = useMemo(() => countByProvince(rows), [rows]);
  const classes = useMemo(() => countClasses(Math.max(0, ...counts.byCode.values())), [counts]);

  useEffect(() => {
    let map: MaplibreMap | null = null;
    let cancelled = false;
    const markers: Marker[] = [];
    setState('loading');
    void import('../../geo/atlas-data.ts')
      .then((mod) => {
        if (cancelled || !host.current) return;
        const data = mod as unknown as AtlasData;
        try {
          map = new MaplibreMap({
            container: host.current,
            style: choroplethStyle(data, counts, classes, lang),
            bounds: CHINA_BOUNDS,
            fitBoundsOptions: { padding: 8 },
            maxPitch: 0,
            dragRotate: false,
            pitchWithRotate: false,
            touchPitch: false,
            scrollZoom: false,
            renderWorldCopies: false,
            attributionControl: false,
          });
        } catch {
          setState('failed');
          return;
        }
        const m = map;
        m.touchZoomRotate.disableRotation();
        for (const l of countLabels(data, counts, lang)) {
          const el = document.createElement('div');
          el.className = 'pv-province-count';
          el.dataset.testid = 'province-map-label';
          el.dataset.code = l.code;
          el.textContent = `${l.name} ${l.count}`;
          Object.assign(el.style, { font: '11px sans-serif', padding: '0 4px', borderRadius: '3px', background: 'rgba(255,255,255,0.85)', color: '#1f2937', pointerEvents: 'none', whiteSpace: 'nowrap' });
          markers.push(new Marker({ element: el }).setLngLat(l.at).addTo(m));
        }
        const tip = new Popup({ closeButton: false, closeOnClick: false, offset: 8 });
        m.on('mousemove', PROVINCE_MAP_LAYERS.fill, (e) => {
          const p = e.features?.[0]?.properties as { name?: string; count?: number } | undefined;
          if (!p?.name) return;
          m.getCanvas().style.cursor = 'default';
          tip.setLngLat(e.lngLat).setText(`${p.name}: ${t('enterprise.home.projectsCount', { count: Number(p.count ?? 0) })}`).addTo(m);
        });
        m.on('mouseleave', PROVINCE_MAP_LAYERS.fill, () => tip.remove());
        m.on('load', () => setState('ready'));
      })
      .catch(() => setState('failed'));
    return () => {
      cancelled = true;
      for (const mk of markers) mk.remove();
      map?.remove();
    };
  }, [counts, classes, lang, t]);

  return (
    <div data-testid="province-map" data-state={state}>
      {state === 'failed' ? (
        <Alert type="info" showIcon message={t('enterprise.home.mapUnavailable')} data-testid="province-map-failed" />
      ) : (
        <div style={{ position: 'relative', width: '100%', height, borderRadius: 6, overflow: 'hidden', border: '1px solid #f0f0f0' }}>
          <div ref={host} style={{ position: 'absolute', inset: 0 }} />
          {state === 'loading' && (
            <Flex align="center" justify="center" style={{ position: 'absolute', inset: 0 }}>
              <Spin />
            </Flex>
          )}
        </div>
      )}
      <Flex wrap gap={8} align="center" style={{ marginTop: 8 }} data-testid="province-map-legend">
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('enterprise.home.mapLegend')}
        </Typography.Text>
        {[{ key: 'none', colour: NO_PROJECTS_FILL, label: '0' }, ...classes.map((c) => ({ key: `${c.min}`, colour: c.colour, label: c.min === c.max ? `${c.min}` : `${c.min}–${c.max}` }))].map((c) => (
          <Flex key={c.key} gap={4} align="center">
            <span style={{ display: 'inline-block', width: 14, height: 10, background: c.colour, border: '1px solid #d9d9d9' }} />
            <Typography.Text style={{ fontSize: 12 }}>{c.label}</Typography.Text>
          </Flex>
        ))}
        {counts.unmapped > 0 && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="province-map-unmapped">
            {t('enterprise.home.mapUnmapped', { count: counts.unmapped })}
          </Typography.Text>
        )}
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 11 }}>
        {t('enterprise.home.mapSource')}
      </Typography.Text>
    </div>
  );
}
