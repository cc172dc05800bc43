// Reading multipart uploads (@fastify/multipart, registered by the areas that take files): the
// files of a request as buffers, with the size and count limits answered in the envelope ('Upload
// failure!' naming the limit) rather than as a bare 413.
import type { FastifyRequest } from 'fastify';
import { apiError } from '../errors.ts';

export interface UploadedFile {
  bytes: Buffer;
  fileName: string | null;
  field: string;
}

/** Options for `app.register(multipart, multipartLimits(...))`. */
export function multipartLimits(maxBytes: number, maxFiles: number) {
  return { limits: { fileSize: maxBytes, files: maxFiles, fields: 20, fieldSize: 1024, parts: maxFiles + 20 } };
}

/** Every file of a multipart request (415 when the request is not multipart). */
export async function readFiles(req: FastifyRequest, maxBytes: number): Promise<UploadedFile[]> {
  if (!req.isMultipart()) throw apiError('UNSUPPORTED_MEDIA_TYPE');
  const files: UploadedFile[] = [];
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') files.push({ bytes: await part.toBuffer(), fileName: part.filename || null, field: part.fieldname });
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw apiError('UPLOAD_FAILED', { reason: `each file must be at most ${Math.round(maxBytes / 1024 / 1024)} MB` }, { field: 'file' });
    // Fastify's own errors (too many files, 413) keep their status; a broken body (busboy: "Unexpected
    // end of form", "Malformed part header") is the client's fault.
    if (typeof (err as { statusCode?: unknown }).statusCode === 'number') throw err;
    throw apiError('UPLOAD_FAILED', { reason: 'the multipart body is malformed' }, { field: 'file' });
  }
  return files;
}
