// Where a GeoTIFF lies: its pixel size and the georeference of its first image, read from the TIFF
// tags without decoding a pixel (TIFF 6.0 §2 "Image File Directory"; BigTIFF, the 64-bit variant
// with version 43; OGC GeoTIFF 1.1 (OGC 19-008r4) §7 ModelPixelScaleTag 33550, ModelTiepointTag
// 33922, ModelTransformationTag 34264 and the GeoKeyDirectoryTag 34735 with GTModelTypeGeoKey 1024,
// GTRasterTypeGeoKey 1025, GeographicTypeGeoKey 2048, ProjectedCSTypeGeoKey 3072). The orthophoto of
// OpenDroneMap is a (cloud optimised, possibly Big-) GeoTIFF in a UTM zone of WGS 84.

export interface GeoTiffInfo {
  /** [px] */
  width: number;
  /** [px] */
  height: number;
  /** EPSG code of the model space (a projected or geographic CRS), or null when none is given. */
  epsg: number | null;
  /** Raster (i right, j down; pixel corners at whole numbers, "PixelIsArea") → model coordinates. */
  rasterToModel(i: number, j: number): [number, number];
}

const TAG = {
  width: 256,
  height: 257,
  pixelScale: 33550,
  tiepoint: 33922,
  transformation: 34264,
  geoKeys: 34735,
} as const;

const GEOKEY = { modelType: 1024, rasterType: 1025, geographicType: 2048, projectedType: 3072 } as const;

/** Bytes per value of each TIFF field type (TIFF 6.0 §2 + BigTIFF's LONG8/SLONG8/IFD8). */
const TYPE_SIZE: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4, 16: 8, 17: 8, 18: 8 };

/** Thrown for a file that is not a TIFF or has no usable georeference. */
export class GeoTiffError extends Error {}

/** The size and georeference of a GeoTIFF's first image. */
export function readGeoTiff(bytes: Uint8Array): GeoTiffInfo {
  if (bytes.length < 16) throw new GeoTiffError('the orthophoto is not a TIFF file');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const order = String.fromCharCode(bytes[0], bytes[1]);
  if (order !== 'II' && order !== 'MM') throw new GeoTiffError('the orthophoto is not a TIFF file');
  const le = order === 'II';
  const version = view.getUint16(2, le);
  if (version !== 42 && version !== 43) throw new GeoTiffError('the orthophoto is not a TIFF file');
  const big = version === 43;
  const u64 = (at: number): number => Number(view.getBigUint64(at, le));
  const ifd = big ? u64(8) : view.getUint32(4, le);
  const count = big ? u64(ifd) : view.getUint16(ifd, le);
  const entrySize = big ? 20 : 12;
  const first = ifd + (big ? 8 : 2);
  if (first + count * entrySize > bytes.length) throw new GeoTiffError('the TIFF directory is cut off');

  /** The numeric values of one tag (every type read as a JavaScript number). */
  const values = new Map<number, number[]>();
  for (let n = 0; n < count; n++) {
    const e = first + n * entrySize;
    const tag = view.getUint16(e, le);
    if (!(Object.values(TAG) as number[]).includes(tag)) continue;
    const type = view.getUint16(e + 2, le);
    const size = TYPE_SIZE[type];
    if (!size) continue;
    const len = big ? u64(e + 4) : view.getUint32(e + 4, le);
    const inline = big ? 8 : 4;
    const at = len * size <= inline ? e + (big ? 12 : 8) : big ? u64(e + 12) : view.getUint32(e + 8, le);
    if (at + len * size > bytes.length) throw new GeoTiffError(`TIFF tag ${tag} points outside the file`);
    const out: number[] = [];
    for (let k = 0; k < len; k++) {
      const p = at + k * size;
      switch (type) {
        case 1: case 7: out.push(view.getUint8(p)); break;
        case 6: out.push(view.getInt8(p)); break;
        case 3: out.push(view.getUint16(p, le)); break;
        case 8: out.push(view.getInt16(p, le)); break;
        case 4: case 13: out.push(view.getUint32(p, le)); break;
        case 9: out.push(view.getInt32(p, le)); break;
        case 11: out.push(view.getFloat32(p, le)); break;
        case 12: out.push(view.getFloat64(p, le)); break;
        case 5: out.push(view.getUint32(p, le) / view.getUint32(p + 4, le)); break;
        case 10: out.push(view.getInt32(p, le) / view.getInt32(p + 4, le)); break;
        case 16: case 18: out.push(Number(view.getBigUint64(p, le))); break;
        case 17: out.push(Number(view.getBigInt64(p, le))); break;
        default: break;
      }
    }
    values.set(tag, out);
  }

  const width = values.get(TAG.width)?.[0];
  const height = values.get(TAG.height)?.[0];
  if (!width || !height) throw new GeoTiffError('the TIFF has no image size');

  const keys = new Map<number, number>();
  const dir = values.get(TAG.geoKeys);
  if (dir && dir.length >= 4) {
    for (let k = 0; k < dir[3]; k++) {
      const [id, location, , value] = dir.slice(4 + k * 4, 8 + k * 4);
      if (location === 0) keys.set(id, value);
    }
  }
  const modelType = keys.get(GEOKEY.modelType);
  const code = modelType === 2 ? keys.get(GEOKEY.geographicType) : keys.get(GEOKEY.projectedType) ?? keys.get(GEOKEY.geographicType);
  // 32767 is "user-defined": the CRS is not an EPSG code.
  const epsg = code && code !== 32767 ? code : null;
  // PixelIsPoint (2): the tie point is a pixel's centre, half a pixel in from its corner.
  const shift = keys.get(GEOKEY.rasterType) === 2 ? 0.5 : 0;

  const m = values.get(TAG.transformation);
  if (m && m.length >= 16) {
    return { width, height, epsg, rasterToModel: (i, j) => [m[0] * (i - shift) + m[1] * (j - shift) + m[3], m[4] * (i - shift) + m[5] * (j - shift) + m[7]] };
  }
  const scale = values.get(TAG.pixelScale);
  const tie = values.get(TAG.tiepoint);
  if (!scale || scale.length < 2 || !tie || tie.length < 6) throw new GeoTiffError('the orthophoto has no georeference (no tie point and pixel scale)');
  const [ti, tj, , tx, ty] = tie;
  const [sx, sy] = scale;
  if (!(sx > 0) || !(sy > 0)) throw new GeoTiffError('the orthophoto has no usable pixel scale');
  return { width, height, epsg, rasterToModel: (i, j) => [tx + (i - shift - ti) * sx, ty - (j - shift - tj) * sy] };
}
