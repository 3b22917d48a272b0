import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { Form } from 'react-admin';
import type { SchemaUploadResponse } from '../../src/api/schema';
import { UploadInput } from '../../src/web/common/UploadInput';
import { en, renderWithAdmin } from './harness';

const uploaded: SchemaUploadResponse = {
  url: '/media/documents/guide.pdf',
  name: 'guide.pdf',
  size: 4,
  content_type: 'application/pdf',
};

describe('upload input', () => {
  it('offers a failed upload again with its file, without choosing the file anew', async () => {
    const uploadFile = vi
      .fn<(kind: string, file: File) => Promise<SchemaUploadResponse>>()
      // The connection drops before anything got through…
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      // …and the second try goes through.
      .mockResolvedValueOnce(uploaded);
    const screen = await renderWithAdmin(
      <Form>
        <UploadInput source="file" label="File" kind="document" />
      </Form>,
      { uploadFile: uploadFile },
    );
    const file = new File(['%PDF'], 'guide.pdf', { type: 'application/pdf' });
    await userEvent.upload(screen.getByLabelText('File'), file);
    const retry = screen.getByRole('button', { name: en.admin.upload.retry.replace('%{name}', 'guide.pdf') });
    await expect.element(retry).toBeVisible();
    await retry.click();
    await expect.element(screen.getByText('guide.pdf', { exact: true })).toBeVisible();
    expect(uploadFile).toHaveBeenCalledTimes(2);
    // The very file of the failed try, sent again.
    expect(uploadFile.mock.calls[1]?.[1]).toBe(uploadFile.mock.calls[0]?.[1]);
    expect(uploadFile.mock.calls[1]?.[1].name).toBe('guide.pdf');
    await expect.element(retry).not.toBeInTheDocument();
  });
});
