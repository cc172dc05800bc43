// The local blob store and the image check of uploads: keys cannot leave the store's folder, writes
// land whole, and images are told by their magic bytes — PNG (ISO/IEC 15948 §5.2: 89 50 4E 47 0D 0A
// 1A 0A), JPEG (ITU T.81: SOI FF D8 then a marker FF), WebP (RFC 9649 §2: "RIFF" size "WEBP").
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertBlobKey, LocalBlobStore, newBlobKey } from '../../../src/server/blobs/blob-store.ts';
import { imageKind } from '../../../src/server/blobs/images.ts';

const root = mkdtempSync(join(tmpdir(), 'pvstudio-blob-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('LocalBlobStore', () => {
  it('stores, reads and deletes bytes with their content type', async () => {
    const store = new LocalBlobStore(root);
    const key = newBlobKey('screenshots/7', 'png');
    expect(key).toMatch(/^screenshots\/7\/[0-9a-f]{32}\.png$/);
    await store.put(key, Buffer.from([1, 2, 3]), 'image/png');
    expect(await store.get(key)).toEqual({ bytes: Buffer.from([1, 2, 3]), contentType: 'image/png' });
    // No temporary file is left beside it.
    expect(readdirSync(join(root, 'screenshots/7')).sort()).toEqual([key.split('/')[2], `${key.split('/')[2]}.type`].sort());
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    await store.delete(key);
  });

  it('refuses keys that could leave its folder or are not of the server’s form', async () => {
    const store = new LocalBlobStore(root);
    for (const key of ['../x', 'a/../../b', '/etc/passwd', 'a//b', 'A/B', 'a/./b', '', 'a\\b', 'a/b/']) {
      expect(() => assertBlobKey(key), key).toThrow(/invalid blob key/);
      await expect(store.get(key), key).rejects.toThrow(/invalid blob key/);
    }
  });
});

describe('imageKind', () => {
  it('recognises PNG, JPEG and WebP by their first bytes, nothing else', () => {
    expect(imageKind(Buffer.from('89504e470d0a1a0a0000', 'hex'))).toBe('png');
    expect(imageKind(Buffer.from([0xff, 0xd8, 0xff, 0xdb]))).toBe('jpeg');
    expect(imageKind(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8L')]))).toBe('webp');
    expect(imageKind(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt ')]))).toBeNull();
    expect(imageKind(Buffer.from('GIF89a'))).toBeNull();
    expect(imageKind(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(imageKind(Buffer.from('89504e47', 'hex'))).toBeNull();
    expect(imageKind(new Uint8Array())).toBeNull();
  });
});
