// Files the server keeps (screenshots; later logos, drone photos, reports) live in a blob store
// (docs/ARCHITECTURE.md "Server and data"): a small key → bytes interface, the local folder by default
// (DATA_DIR/blobs) and an S3-compatible store when one is written. Keys are relative paths of
// lower-case letters, digits, '-', '_', '.' and '/' (no '..'), chosen by the server, never by a client.
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

export interface StoredBlob {
  bytes: Buffer;
  contentType: string;
}

export interface BlobStore {
  /** Stores bytes under a key (replacing what was there); durable when the promise resolves. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes under a key, or null. */
  get(key: string): Promise<StoredBlob | null>;
  /** Removes a key (no error when absent). */
  delete(key: string): Promise<void>;
  /** The keys directly under a prefix ('orthophotos/12' → 'orthophotos/12/<id>', …), in no order. */
  list(prefix: string): Promise<string[]>;
}

const KEY = /^[a-z0-9_-][a-z0-9_.-]*(\/[a-z0-9_-][a-z0-9_.-]*)*$/;

/** Throws for a key outside the allowed form. */
export function assertBlobKey(key: string): void {
  if (!KEY.test(key) || key.split('/').some((p) => p === '..' || p === '.') || key.length > 512) throw new Error(`invalid blob key: ${key}`);
}

/** A new random key under a prefix, with an extension ('screenshots/12/3fa0….png'). */
export function newBlobKey(prefix: string, extension: string): string {
  const key = `${prefix}/${randomBytes(16).toString('hex')}.${extension}`;
  assertBlobKey(key);
  return key;
}

/**
 * Blobs as files in a folder: `<root>/<key>` with the content type in `<root>/<key>.type`. A write
 * goes to a temporary file first and is renamed into place, so a crash never leaves half a file.
 */
export class LocalBlobStore implements BlobStore {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private path(key: string): string {
    assertBlobKey(key);
    const p = resolve(join(this.root, key));
    if (!p.startsWith(this.root + sep)) throw new Error(`invalid blob key: ${key}`);
    return p;
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const p = this.path(key);
    await mkdir(dirname(p), { recursive: true });
    const tmp = `${p}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(tmp, bytes, { flush: true });
    await writeFile(`${p}.type`, contentType, { flush: true });
    await rename(tmp, p);
  }

  async get(key: string): Promise<StoredBlob | null> {
    const p = this.path(key);
    try {
      const [bytes, type] = await Promise.all([readFile(p), readFile(`${p}.type`, 'utf8').catch(() => 'application/octet-stream')]);
      return { bytes, contentType: type };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const p = this.path(key);
    await rm(p, { force: true });
    await rm(`${p}.type`, { force: true });
  }

  async list(prefix: string): Promise<string[]> {
    let names: string[];
    try {
      names = await readdir(this.path(prefix));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR') return [];
      throw err;
    }
    // Content types (`.type`) and unfinished writes (`.tmp`) are not blobs.
    return names.filter((n) => !n.endsWith('.type') && !n.endsWith('.tmp')).map((n) => `${prefix}/${n}`);
  }
}
