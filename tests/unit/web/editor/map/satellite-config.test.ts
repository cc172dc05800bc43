// The imagery of the building step (src/model/base-map.ts, src/model/api/editor.ts): the presets' tile
// URL templates as the services document them (Tianditu WMTS GetTile img_w + cia_w with tk, Mapbox v4
// mapbox.satellite with access_token, Esri World Imagery's {z}/{y}/{x}), any XYZ template maplibre can
// fill, the server's default from PVSTUDIO_SATELLITE_*, a user's setting over it, and the reason the
// editor shows when there is no imagery.
import { describe, expect, it } from 'vitest';
import { editorConfigFor, editorConfigFrom, editorConfigSchema, isValidTileTemplate, SATELLITE_UNAVAILABLE } from '../../../../../src/model/api/editor.ts';
import {
  baseMapSettingSchema,
  DEFAULT_BASE_MAP_SETTING,
  ESRI_WORLD_IMAGERY_TILES,
  mapboxSatelliteTiles,
  presetSource,
  resolveBaseMap,
  serverBaseMapFrom,
  tiandituTiles,
  type BaseMapSetting,
} from '../../../../../src/model/base-map.ts';

/** maplibre's filling of a template (CanonicalTileID.url, without {prefix}/{quadkey}/{bbox}). */
function fill(template: string, z: number, x: number, y: number, pixelRatio = 1): string {
  return template
    .replace(/{z}/g, String(z))
    .replace(/{x}/g, String(x))
    .replace(/{y}/g, String(y))
    .replace(/{ratio}/g, pixelRatio > 1 ? '@2x' : '');
}

describe('tile URL templates', () => {
  it('accepts http(s) templates with {z}, {x} and {y}, in a path or a query', () => {
    expect(isValidTileTemplate('https://tiles.example.com/{z}/{x}/{y}.jpg')).toBe(true);
    expect(isValidTileTemplate('http://10.0.0.5:8081/sat/{z}/{x}/{y}.png')).toBe(true);
    expect(isValidTileTemplate('https://t0.example.cn/img_w/wmts?SERVICE=WMTS&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}&tk=abc')).toBe(true);
    expect(isValidTileTemplate('https://{prefix}.tiles.example.com/{z}/{x}/{y}{ratio}.png')).toBe(true);
  });

  it('refuses other protocols, relative paths and missing or unknown placeholders', () => {
    expect(isValidTileTemplate('ftp://tiles.example.com/{z}/{x}/{y}.jpg')).toBe(false);
    expect(isValidTileTemplate('javascript:alert(1)//{z}/{x}/{y}')).toBe(false);
    expect(isValidTileTemplate('/tiles/{z}/{x}/{y}.png')).toBe(false);
    expect(isValidTileTemplate('https://tiles.example.com/{z}/{x}.jpg')).toBe(false);
    // Leaflet's {s} subdomains: maplibre would request the text "{s}".
    expect(isValidTileTemplate('https://{s}.tile.example.com/{z}/{x}/{y}.png')).toBe(false);
    expect(isValidTileTemplate('https:///{z}/{x}/{y}')).toBe(false);
    expect(isValidTileTemplate(`https://tiles.example.com/${'a'.repeat(2000)}/{z}/{x}/{y}`)).toBe(false);
  });

  it('Tianditu: WMTS GetTile of img_w (imagery) and cia_w (labels) in Web Mercator on t0…t7, the key as tk', () => {
    const img = tiandituTiles('img', '0123456789abcdef0123456789abcdef');
    expect(img).toHaveLength(8);
    // Shanghai at zoom 15: column 27 440, row 13 388 (121.47° E, 31.23° N).
    expect(fill(img[3], 15, 27440, 13388)).toBe(
      'https://t3.tianditu.gov.cn/img_w/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=img&STYLE=default&TILEMATRIXSET=w&FORMAT=tiles&TILEMATRIX=15&TILEROW=13388&TILECOL=27440&tk=0123456789abcdef0123456789abcdef',
    );
    expect(fill(tiandituTiles('cia', 'k')[0], 2, 3, 1)).toBe(
      'https://t0.tianditu.gov.cn/cia_w/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=cia&STYLE=default&TILEMATRIXSET=w&FORMAT=tiles&TILEMATRIX=2&TILEROW=1&TILECOL=3&tk=k',
    );
    for (const t of [...img, ...tiandituTiles('cia', 'k')]) expect(isValidTileTemplate(t)).toBe(true);
  });

  it('Mapbox: the v4 mapbox.satellite raster tiles with the token, @2x on high-density screens', () => {
    const [t] = mapboxSatelliteTiles('pk.eyJ1.abc-_x');
    expect(fill(t, 17, 109723, 53554)).toBe('https://api.mapbox.com/v4/mapbox.satellite/17/109723/53554.jpg90?access_token=pk.eyJ1.abc-_x');
    expect(fill(t, 17, 109723, 53554, 2)).toBe('https://api.mapbox.com/v4/mapbox.satellite/17/109723/53554@2x.jpg90?access_token=pk.eyJ1.abc-_x');
    expect(isValidTileTemplate(t)).toBe(true);
  });

  it('Esri World Imagery: the row before the column', () => {
    expect(fill(ESRI_WORLD_IMAGERY_TILES[0], 10, 857, 418)).toBe('https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/10/418/857');
  });

  it('escapes a key so that it cannot change the URL', () => {
    expect(tiandituTiles('img', 'a&b=c')[0]).toMatch(/&tk=a%26b%3Dc$/);
  });
});

describe('presets', () => {
  it('carry their attribution and deepest zoom', () => {
    expect(presetSource('tianditu', { key: 'k' }).satellite).toMatchObject({ preset: 'tianditu', maxzoom: 18, tileSize: 256, attribution: expect.stringContaining('Tianditu') });
    expect(presetSource('mapbox', { key: 'pk.x' }).satellite).toMatchObject({ preset: 'mapbox', maxzoom: 22, attribution: '© Mapbox © Maxar', labels: [] });
    expect(presetSource('esri', {}).satellite).toMatchObject({ preset: 'esri', maxzoom: 19, attribution: expect.stringContaining('Esri') });
  });

  it('say which key is missing instead of offering a map that fails', () => {
    expect(presetSource('tianditu', { key: '  ' })).toEqual({ satellite: null, satelliteUnavailable: 'editor.map.tiandituKeyMissing' });
    expect(presetSource('mapbox', {})).toEqual({ satellite: null, satelliteUnavailable: 'editor.map.mapboxTokenMissing' });
  });
});

describe("the server's default (PVSTUDIO_SATELLITE_*)", () => {
  it('offers no satellite imagery when nothing is configured, and says so', () => {
    expect(editorConfigFrom({})).toEqual({ satellite: null, satelliteUnavailable: 'editor.map.satelliteNotConfigured', serverDefault: null, choice: null });
    expect(editorConfigFrom({ tiles: '   ', attribution: 'x' }).satelliteUnavailable).toBe(SATELLITE_UNAVAILABLE.notConfigured);
  });

  it('offers the configured XYZ source with the defaults for unset settings (max zoom 19, 256-px tiles)', () => {
    const c = editorConfigFrom({ tiles: ' https://tiles.example.com/{z}/{x}/{y}.jpg ' });
    expect(c).toEqual({
      satellite: { preset: 'xyz', tiles: ['https://tiles.example.com/{z}/{x}/{y}.jpg'], labels: [], attribution: '', maxzoom: 19, tileSize: 256 },
      satelliteUnavailable: null,
      serverDefault: 'xyz',
      choice: null,
    });
    expect(editorConfigSchema.parse(c)).toEqual(c);
    const d = editorConfigFrom({ tiles: 'https://tiles.example.com/{z}/{x}/{y}.jpg', attribution: '© Imagery', maxzoom: '21', tileSize: '512' });
    expect(d.satellite).toMatchObject({ tiles: ['https://tiles.example.com/{z}/{x}/{y}.jpg'], attribution: '© Imagery', maxzoom: 21, tileSize: 512 });
  });

  it('offers a preset with the server key (PVSTUDIO_SATELLITE_PRESET, _KEY)', () => {
    const c = editorConfigFrom({ preset: 'Tianditu', key: 'serverkey' });
    expect(c.serverDefault).toBe('tianditu');
    expect(c.satellite?.tiles[0]).toMatch(/&tk=serverkey$/);
    expect(editorConfigFrom({ preset: 'tianditu' }).satelliteUnavailable).toBe('editor.map.tiandituKeyMissing');
    expect(editorConfigFrom({ preset: 'esri' }).satellite?.preset).toBe('esri');
    expect(editorConfigFrom({ preset: 'bing' }).satelliteUnavailable).toBe('editor.map.satelliteInvalidSettings');
  });

  it('offers none, naming the fault, for an invalid template or settings', () => {
    expect(editorConfigFrom({ tiles: 'https://tiles.example.com/{z}/{x}.jpg' }).satelliteUnavailable).toBe('editor.map.satelliteInvalidTemplate');
    for (const bad of [{ maxzoom: '25' }, { maxzoom: '-1' }, { maxzoom: '18.5' }, { tileSize: '300' }, { tileSize: 'big' }]) {
      expect(editorConfigFrom({ tiles: 'https://tiles.example.com/{z}/{x}/{y}.jpg', ...bad })).toMatchObject({
        satellite: null,
        satelliteUnavailable: 'editor.map.satelliteInvalidSettings',
      });
    }
  });
});

describe("a user's setting", () => {
  const server = serverBaseMapFrom({ preset: 'esri' });
  const setting = (patch: Partial<BaseMapSetting>): BaseMapSetting => ({ ...DEFAULT_BASE_MAP_SETTING, ...patch });

  it("takes the server's default until the user chooses, and its own choice after", () => {
    expect(editorConfigFor(null, server, true)).toMatchObject({ choice: 'server', satellite: { preset: 'esri' } });
    expect(resolveBaseMap(setting({ choice: 'tianditu', tiandituKey: 'mykey' }), server).satellite?.labels[0]).toMatch(/cia_w.*&tk=mykey$/);
    expect(resolveBaseMap(setting({ choice: 'off' }), server)).toEqual({ satellite: null, satelliteUnavailable: 'editor.map.satelliteOff' });
    const xyz = resolveBaseMap(setting({ choice: 'xyz', xyz: { tiles: 'http://127.0.0.1:9/t/{z}/{x}/{y}.png?key=s3', attribution: 'Local', maxzoom: 20, tileSize: 512 } }), server);
    expect(xyz.satellite).toEqual({ preset: 'xyz', tiles: ['http://127.0.0.1:9/t/{z}/{x}/{y}.png?key=s3'], labels: [], attribution: 'Local', maxzoom: 20, tileSize: 512 });
  });

  it('is refused without the key its preset needs, or with a template maplibre cannot fill', () => {
    const issues = (s: BaseMapSetting) => baseMapSettingSchema.safeParse(s).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues(setting({ choice: 'tianditu' }))).toEqual([['tiandituKey', 'user.baseMap.tiandituKeyRequired']]);
    expect(issues(setting({ choice: 'mapbox' }))).toEqual([['mapboxToken', 'user.baseMap.mapboxTokenRequired']]);
    expect(issues(setting({ choice: 'xyz', xyz: { ...DEFAULT_BASE_MAP_SETTING.xyz, tiles: 'https://{s}.x.com/{z}/{x}/{y}' } }))).toEqual([['xyz.tiles', 'user.baseMap.xyzTemplateInvalid']]);
    expect(issues(setting({ choice: 'tianditu', tiandituKey: 'ab&tk=x' }))).toEqual([['tiandituKey', 'user.baseMap.tiandituKeyFormat']]);
    // A key kept for a preset not chosen is fine; an empty key of an unchosen preset too.
    expect(baseMapSettingSchema.safeParse(setting({ choice: 'esri', tiandituKey: 'kept' })).success).toBe(true);
  });
});
