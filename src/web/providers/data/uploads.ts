import { ApiError, getToken, LOCALE_KEY, storage, type ApiErrorBody } from '../../../api/client';
import type { operations, SchemaUploadResponse } from '../../../api/schema';

/** What a file is uploaded as; the server checks the content against it. */
export type UploadKind = operations['uploadAdminFile']['parameters']['query']['kind'];

/**
 * POST /api/admin/uploads?kind=… (multipart, one part `file`) → {url, name, size, content_type}.
 * XMLHttpRequest rather than the typed client's fetch: only it reports upload progress, which videos
 * of hundreds of MB need. A refused upload rejects with the client's ApiError (the provider turns it
 * into react-admin's HttpError, as every call's); no answer rejects with a TypeError, as fetch does.
 */
function uploadFile(kind: UploadKind, file: File, onProgress?: (fraction: number) => void, signal?: AbortSignal) {
  return new Promise<SchemaUploadResponse>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/admin/uploads?kind=${kind}`);
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `JWT ${token}`);
    xhr.setRequestHeader('Accept-Language', storage()?.getItem(LOCALE_KEY) ?? 'ru');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(xhr.response as SchemaUploadResponse);
        return;
      }
      reject(new ApiError(xhr.status, (xhr.response ?? undefined) as ApiErrorBody | undefined));
    };
    xhr.onerror = () => {
      reject(new TypeError('Failed to fetch'));
    };
    xhr.onabort = () => {
      reject(new DOMException('The upload was canceled', 'AbortError'));
    };
    signal?.addEventListener('abort', () => {
      xhr.abort();
    });
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

/** Uploads of the content forms: a custom method of the data provider (see ./index.ts). */
export const uploadsMethods = {
  /** Uploads one file for content; `onProgress` gets the fraction sent (0…1). */
  uploadFile,
};
