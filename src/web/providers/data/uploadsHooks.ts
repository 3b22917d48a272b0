import { useCallback } from 'react';
import { useDataProvider } from 'react-admin';
import type { AtriumDataProvider } from '.';
import type { UploadKind } from './uploads';

/** Uploads a file for content through the provider; a refusal rejects with react-admin's HttpError. */
export function useUploadFile() {
  const dataProvider = useDataProvider<AtriumDataProvider>();
  return useCallback(
    (kind: UploadKind, file: File, onProgress?: (fraction: number) => void) =>
      dataProvider.uploadFile(kind, file, onProgress),
    [dataProvider],
  );
}
