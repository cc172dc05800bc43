// Which satellite sources the server offers (src/model/api/editor.ts): an XYZ raster
// template maplibre can fill, or none and the reason the editor shows.
import { describe, expect, it } from 'vitest';
import { editorConfigFrom, editorConfigSchema, isValidTileTemplate, SATELLITE_UNAVAILABLE } from '../../../../../src/model/api/editor.ts';

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
});

describe('the editor configuration', () => {
  it('offers no satellite imagery when nothing is configured, and says so', () => {
    expect(editorConfigFrom({})).toEqual({ satellite: null, satelliteUnavailable: 'editor.map.satelliteNotConfigured' });
    expect(editorConfigFrom({ tiles: '   ', attribution: 'x' })).toEqual({ satellite: null, satelliteUnavailable: SATELLITE_UNAVAILABLE.notConfigured });
  });

  it('offers the configured source with the defaults for unset settings (max zoom 19, 256-px tiles)', () => {
    const c = editorConfigFrom({ tiles: ' https://tiles.example.com/{z}/{x}/{y}.jpg ' });
    expect(c).toEqual({
      satellite: { tiles: 'https://tiles.example.com/{z}/{x}/{y}.jpg', attribution: '', maxzoom: 19, tileSize: 256 },
      satelliteUnavailable: null,
    });
    expect(editorConfigSchema.parse(c)).toEqual(c);
    const d = editorConfigFrom({ tiles: 'https://tiles.example.com/{z}/{x}/{y}.jpg', attribution: '© Imagery', maxzoom: '21', tileSize: '512' });
    expect(d.satellite).toEqual({ tiles: 'https://tiles.example.com/{z}/{x}/{y}.jpg', attribution: '© Imagery', maxzoom: 21, tileSize: 512 });
  });

  it('offers none, naming the fault, for an invalid template or settings', () => {
    expect(editorConfigFrom({ tiles: 'https://tiles.example.com/{z}/{x}.jpg' }).satelliteUnavailable).toBe('editor.map.satelliteInvalidTemplate');
    for (const bad of [{ maxzoom: '25' }, { maxzoom: '-1' }, { maxzoom: '18.5' }, { tileSize: '300' }, { tileSize: 'big' }]) {
      expect(editorConfigFrom({ tiles: 'https://tiles.example.com/{z}/{x}/{y}.jpg', ...bad })).toEqual({
        satellite: null,
        satelliteUnavailable: 'editor.map.satelliteInvalidSettings',
      });
    }
  });
});
