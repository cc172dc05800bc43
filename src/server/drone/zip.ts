// Reads named files out of a ZIP archive held in memory (PKWARE APPNOTE 6.3.10: §4.3.16 end of
// central directory, §4.3.12 central directory header, §4.3.7 local file header, §4.5.3 ZIP64
// extended information, §4.3.14–15 ZIP64 end of central directory and its locator). Methods 0
// (stored) and 8 (deflate, through node:zlib). Enough for NodeODM's all.zip, which 7-Zip writes.
import { inflateRawSync } from 'node:zlib';

export class ZipError extends Error {}

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const SIG = { eocd: 0x06054b50, zip64Locator: 0x07064b50, zip64Eocd: 0x06064b50, central: 0x02014b50, local: 0x04034b50 } as const;
const MAX32 = 0xffffffff;

function entries(buf: Buffer): Entry[] {
  let eocd = -1;
  for (let p = buf.length - 22; p >= Math.max(0, buf.length - 22 - 65_535); p--) {
    if (buf.readUInt32LE(p) === SIG.eocd) {
      eocd = p;
      break;
    }
  }
  if (eocd < 0) throw new ZipError('the archive has no ZIP directory');
  let count = buf.readUInt16LE(eocd + 10);
  let cd = buf.readUInt32LE(eocd + 16);
  if ((cd === MAX32 || count === 0xffff) && eocd >= 20 && buf.readUInt32LE(eocd - 20) === SIG.zip64Locator) {
    const z = Number(buf.readBigUInt64LE(eocd - 20 + 8));
    if (buf.readUInt32LE(z) !== SIG.zip64Eocd) throw new ZipError('the ZIP64 directory is damaged');
    count = Number(buf.readBigUInt64LE(z + 32));
    cd = Number(buf.readBigUInt64LE(z + 48));
  }
  const out: Entry[] = [];
  let p = cd;
  for (let n = 0; n < count; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== SIG.central) throw new ZipError('the ZIP directory is damaged');
    const method = buf.readUInt16LE(p + 10);
    let compressedSize = buf.readUInt32LE(p + 20);
    let size = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    let localOffset = buf.readUInt32LE(p + 42);
    const name = buf.toString('utf8', p + 46, p + 46 + nameLen);
    // ZIP64 extra field (id 1): the 64-bit values of those fields that hold 0xFFFFFFFF, in order.
    let e = p + 46 + nameLen;
    const end = e + extraLen;
    while (e + 4 <= end) {
      const id = buf.readUInt16LE(e);
      const len = buf.readUInt16LE(e + 2);
      if (id === 1) {
        let q = e + 4;
        if (size === MAX32) {
          size = Number(buf.readBigUInt64LE(q));
          q += 8;
        }
        if (compressedSize === MAX32) {
          compressedSize = Number(buf.readBigUInt64LE(q));
          q += 8;
        }
        if (localOffset === MAX32) localOffset = Number(buf.readBigUInt64LE(q));
      }
      e += 4 + len;
    }
    out.push({ name, method, compressedSize, size, localOffset });
    p = end + commentLen;
  }
  return out;
}

/**
 * The files of `zip` whose base name is one of `names` (the first of each), as bytes. Refuses an
 * entry larger than `maxBytes` uncompressed.
 */
export function extractFiles(zip: Buffer, names: readonly string[], maxBytes: number): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  for (const entry of entries(zip)) {
    const base = entry.name.split('/').pop() ?? '';
    if (!names.includes(base) || found.has(base)) continue;
    if (entry.size > maxBytes) throw new ZipError(`${base} is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
    const h = entry.localOffset;
    if (h + 30 > zip.length || zip.readUInt32LE(h) !== SIG.local) throw new ZipError(`the ZIP entry ${entry.name} is damaged`);
    const start = h + 30 + zip.readUInt16LE(h + 26) + zip.readUInt16LE(h + 28);
    const data = zip.subarray(start, start + entry.compressedSize);
    if (data.length !== entry.compressedSize) throw new ZipError(`the ZIP entry ${entry.name} is cut off`);
    let bytes: Buffer;
    if (entry.method === 0) bytes = Buffer.from(data);
    else if (entry.method === 8) bytes = inflateRawSync(data, { maxOutputLength: maxBytes });
    else throw new ZipError(`the ZIP entry ${entry.name} uses compression method ${entry.method}`);
    if (bytes.length !== entry.size) throw new ZipError(`the ZIP entry ${entry.name} has the wrong size`);
    found.set(base, bytes);
  }
  return found;
}
