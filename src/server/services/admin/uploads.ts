import type { Readable } from 'node:stream';
import type { AppContext } from '../../context';
import { FieldErrors } from '../../errors';
import {
  contentTypeOf,
  imageKind,
  isPdf,
  isZip,
  MAX_IMAGE_PIXELS,
  UploadRejected,
  videoKind,
} from '../../integrations/storage';

export type UploadKind = 'image' | 'video' | 'pdf' | 'document';

const MB = 1024 * 1024;
const OFFICE = ['docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp'];

const isGif = (b: Buffer) => b.length >= 6 && ['GIF87a', 'GIF89a'].includes(b.toString('latin1', 0, 6));

/** Per kind: the folder under uploads, the size limit and what the first bytes must be. */
export const UPLOAD_RULES: Record<
  UploadKind,
  { folder: string; maxBytes: number; allowed: string; sniff: (head: Buffer, name: string) => string | null }
> = {
  image: {
    folder: 'images',
    maxBytes: 10 * MB,
    allowed: 'JPEG, PNG, WebP, GIF',
    sniff: (h) => {
      const k = imageKind(h);
      return k === 'jpeg' ? 'jpg' : (k ?? (isGif(h) ? 'gif' : null));
    },
  },
  pdf: { folder: 'pdfs', maxBytes: 50 * MB, allowed: 'PDF', sniff: (h) => (isPdf(h) ? 'pdf' : null) },
  video: { folder: 'videos', maxBytes: 500 * MB, allowed: 'MP4, WebM', sniff: (h) => videoKind(h) },
  document: {
    folder: 'documents',
    maxBytes: 50 * MB,
    allowed: 'PDF, DOCX, XLSX, PPTX, ODT, ODS, ODP, ZIP',
    sniff: (h, name) => {
      if (isPdf(h)) return 'pdf';
      if (!isZip(h)) return null;
      const ext = name.toLowerCase().split('.').pop() ?? '';
      return OFFICE.includes(ext) ? ext : 'zip';
    },
  },
};

/**
 * Streams one uploaded file to disk through the storage module, checked by its first bytes and its
 * size; nothing is left behind when it is refused.
 */
export async function saveUpload(ctx: AppContext, kind: UploadKind, file: Readable, filename: string) {
  const rule = UPLOAD_RULES[kind];
  try {
    const saved = await ctx.storage.saveStream(rule.folder, file, {
      maxBytes: rule.maxBytes,
      sniff: (h) => rule.sniff(h, filename),
    });
    return {
      url: saved.url,
      name: filename.slice(0, 255),
      size: saved.size,
      content_type: contentTypeOf(saved.ext),
    };
  } catch (err) {
    const code = (err as { code?: string }).code;
    if ((err instanceof UploadRejected && err.reason === 'too_large') || code === 'FST_REQ_FILE_TOO_LARGE') {
      file.resume();
      throw FieldErrors.of('file', 'file_too_large', { limit: rule.maxBytes / MB });
    }
    if (err instanceof UploadRejected && err.reason === 'pixels') {
      throw FieldErrors.of('file', 'image_too_many_pixels', { limit: MAX_IMAGE_PIXELS / 1e6 });
    }
    if (err instanceof UploadRejected) {
      file.resume();
      throw FieldErrors.of('file', 'file_type_invalid', { allowed: rule.allowed });
    }
    throw err;
  }
}
