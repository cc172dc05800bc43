// The location picker of the Information step: a labelled offline map in maplibre-gl (src/web/geo/
// offline-atlas.ts: countries and China's provinces with their names from bundled GeoJSON, city names
// from the server's gazetteer as the view moves; no tile server). Drag to pan, wheel to zoom, click to
// pick; a pick from the address search centres the map on it. Without WebGL it says so; the address
// search still sets the location.
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { Alert, Button, Flex, Spin, Typography } from 'antd';
import { Map as MaplibreMap, setWorkerUrl, type GeoJSONSource } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mapCities } from '../api/places.ts';
import { ATLAS_SOURCES, atlasStyle, cityCellDeg, cityFeatures, CITY_MIN_ZOOM, pickedFeatures, type AtlasLanguage } from '../geo/offline-atlas.ts';

// maplibre 6 in a Vite build loads its worker from this URL (as the editor's base map does).
setWorkerUrl(workerUrl);

export interface WorldMapProps {
  width: number;
  height: number;
  picked: { lon: number; lat: number } | null;
  onPick: (lon: number, lat: number) => void;
}

/** The whole world in the map's width. */
const WORLD = { center: [105, 25] as [number, number], zoom: 0.6 };
/** A pick from the search is shown at least this close. */
const PICK_ZOOM = 8;

export function WorldMap(props: WorldMapProps) {
  const { width, height, picked, onPick } = props;
  const { t, i18n } = useTranslation();
  const lang: AtlasLanguage = i18n.language.startsWith('zh') ? 'zh' : 'en';
  const host = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MaplibreMap | null>(null);
  const pickRef = useRef(onPick);
  pickRef.current = onPick;
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [view, setView] = useState({ lon: WORLD.center[0], lat: WORLD.center[1], zoom: WORLD.zoom });

  // The map, rebuilt when the language changes (the names are in the style).
  useEffect(() => {
    let map: MaplibreMap | null = null;
    let cancelled = false;
    let cityRequest: AbortController | null = null;
    void import('../geo/atlas-data.ts')
      .then((data) => {
        if (cancelled || !host.current) return;
        const start = mapRef.current ? { center: mapRef.current.getCenter(), zoom: mapRef.current.getZoom() } : WORLD;
        try {
          map = new MaplibreMap({
            container: host.current,
            style: atlasStyle(data, lang),
            center: start.center,
            zoom: start.zoom,
            minZoom: 0,
            maxZoom: 14,
            maxPitch: 0,
            dragRotate: false,
            pitchWithRotate: false,
            touchPitch: false,
            renderWorldCopies: false,
            attributionControl: false,
          });
        } catch {
          setState('failed');
          return;
        }
        mapRef.current = map;
        map.touchZoomRotate.disableRotation();
        const m = map;
        const refreshCities = () => {
          const z = m.getZoom();
          const c = m.getCenter();
          setView({ lon: c.lng, lat: c.lat, zoom: z });
          cityRequest?.abort();
          const source = m.getSource<GeoJSONSource>(ATLAS_SOURCES.cities);
          if (z < CITY_MIN_ZOOM) {
            source?.setData(cityFeatures([], lang));
            return;
          }
          const b = m.getBounds();
          const ctl = new AbortController();
          cityRequest = ctl;
          mapCities({ west: Math.max(-180, b.getWest()), south: Math.max(-90, b.getSouth()), east: Math.min(180, b.getEast()), north: Math.min(90, b.getNorth()) }, cityCellDeg(z), ctl.signal)
            .then((r) => {
              if (!ctl.signal.aborted) m.getSource<GeoJSONSource>(ATLAS_SOURCES.cities)?.setData(cityFeatures(r.list, lang));
            })
            .catch(() => {});
        };
        m.on('load', () => {
          setState('ready');
          refreshCities();
        });
        m.on('moveend', refreshCities);
        m.on('click', (e) => pickRef.current(Math.round(e.lngLat.lng * 1e6) / 1e6, Math.round(e.lngLat.lat * 1e6) / 1e6));
      })
      .catch(() => setState('failed'));
    return () => {
      cancelled = true;
      cityRequest?.abort();
      map?.remove();
      if (mapRef.current === map) mapRef.current = null;
    };
  }, [lang]);

  // The picked point; a new one (a click or the address search) is brought into view.
  const pickedKey = picked ? `${picked.lon},${picked.lat}` : '';
  useEffect(() => {
    const m = mapRef.current;
    if (!m || state !== 'ready') return;
    m.getSource<GeoJSONSource>(ATLAS_SOURCES.picked)?.setData(pickedFeatures(picked));
    if (picked && !m.getBounds().contains([picked.lon, picked.lat])) m.jumpTo({ center: [picked.lon, picked.lat], zoom: Math.max(m.getZoom(), PICK_ZOOM) });
    else if (picked && m.getZoom() < 3) m.jumpTo({ center: [picked.lon, picked.lat], zoom: PICK_ZOOM });
  }, [pickedKey, state]);

  const reset = () => mapRef.current?.jumpTo({ center: WORLD.center, zoom: WORLD.zoom });

  return (
    <div>
      <div
        style={{ position: 'relative', width: '100%', maxWidth: width, height, borderRadius: 6, overflow: 'hidden', cursor: 'crosshair' }}
        data-testid="world-map"
        data-state={state}
        data-lon={view.lon.toFixed(4)}
        data-lat={view.lat.toFixed(4)}
        data-zoom={view.zoom.toFixed(2)}
      >
        <div ref={host} className="pv-world-map" style={{ position: 'absolute', inset: 0 }} />
        {state === 'loading' && (
          <Flex align="center" justify="center" style={{ position: 'absolute', inset: 0 }}>
            <Spin />
          </Flex>
        )}
      </div>
      {state === 'failed' && <Alert type="warning" showIcon message={t('setting.info.mapUnavailable')} style={{ marginTop: 4 }} data-testid="world-map-failed" />}
      <Flex justify="space-between" align="center" style={{ marginTop: 4 }} gap={8}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('setting.info.mapHint')}
        </Typography.Text>
        <Button size="small" type="link" onClick={reset}>
          {t('setting.info.mapReset')}
        </Button>
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 11 }}>
        {t('setting.info.mapSources')}
      </Typography.Text>
    </div>
  );
}
