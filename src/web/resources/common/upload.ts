import { getToken, LOCALE_KEY } from '../../../api/client';
import type { SchemaUploadResponse } from '../../../api/schema';

export type UploadKind = 'image' | 'video' | 'pdf' | 'document';

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * POST /api/admin/uploads?kind=… (multipart, one part `file`) → {url, name, size, content_type}.
 * XMLHttpRequest rather than fetch: only it reports upload progress, which videos of hundreds of MB need.
 */
export function uploadFile(kind: UploadKind, file: File, onProgress?: (fraction: number) => void, signal?: AbortSignal) {
  return new Promise<SchemaUploadResponse>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/admin/uploads?kind=${kind}`);
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `JWT ${token}`);
    xhr.setRequestHeader('Accept-Language', localStorage.getItem(LOCALE_KEY) ?? 'ru');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress?.(e.loaded / e.total);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve(xhr.response as SchemaUploadResponse);
      const body = (xhr.response ?? {}) as Record<string, unknown>;
      const first = Object.values(body).find((v) => Array.isArray(v) && typeof v[0] === 'string') as string[] | undefined;
      const detail = typeof body.detail === 'string' ? body.detail : undefined;
      reject(new UploadError(first?.[0] ?? detail ?? (xhr.status >= 500 ? 'atrium.errors.server' : 'atrium.errors.generic'), xhr.status));
    };
    xhr.onerror = () => reject(new UploadError('atrium.errors.network', 0));
    xhr.onabort = () => reject(new UploadError('atrium.content.upload.canceled', 0));
    signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

/** The length of a local video file in seconds (read from its metadata), or null. */
export function videoDuration(file: File): Promise<number | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const v = document.createElement('video');
    v.preload = 'metadata';
    const done = (value: number | null) => {
      URL.revokeObjectURL(url);
      resolve(value);
    };
    v.onloadedmetadata = () => done(Number.isFinite(v.duration) ? Math.round(v.duration) : null);
    v.onerror = () => done(null);
    setTimeout(() => done(null), 10_000);
    v.src = url;
  });
}
