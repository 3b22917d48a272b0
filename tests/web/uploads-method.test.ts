// @vitest-environment jsdom
import { HttpResponse, http as rawHttp } from 'msw';
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../src/api/client';
import { dataProvider } from '../../src/web/providers/data';
import { http, mockApi } from '../setup/msw';

/** The content forms' upload: a custom method of the provider (XMLHttpRequest for the progress). */
const server = mockApi();
afterEach(() => {
  localStorage.clear();
});

describe('uploadFile', () => {
  it('posts the file as multipart with the kind, the token and the language, and answers with the stored file', async () => {
    localStorage.setItem(TOKEN_KEY, 'abc');
    localStorage.setItem('atrium:locale', 'de');
    let seen:
      { kind: string | null; auth: string | null; lang: string | null; multipart: boolean; part: boolean } | undefined;
    server.use(
      http.post('/admin/uploads', async ({ request, response }) => {
        const multipart = request.headers.get('content-type')?.startsWith('multipart/form-data') ?? false;
        const form = await request.formData();
        seen = {
          kind: new URL(request.url).searchParams.get('kind'),
          auth: request.headers.get('authorization'),
          lang: request.headers.get('accept-language'),
          multipart,
          part: form.has('file'),
        };
        return response(201).json({ url: '/media/images/x.png', name: 'x.png', size: 3, content_type: 'image/png' });
      }),
    );
    const res = await dataProvider.uploadFile('image', new File(['png'], 'x.png', { type: 'image/png' }));
    expect(res).toEqual({ url: '/media/images/x.png', name: 'x.png', size: 3, content_type: 'image/png' });
    expect(seen).toEqual({ kind: 'image', auth: 'JWT abc', lang: 'de', multipart: true, part: true });
  });

  it("a refused file is react-admin's HttpError with the field errors; a server failure says so", async () => {
    server.use(
      http.post('/admin/uploads', () => HttpResponse.json({ file: ['The file is not an image'] }, { status: 400 })),
    );
    const refused = await dataProvider.uploadFile('image', new File(['txt'], 'x.txt')).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).body).toEqual({ errors: { file: 'The file is not an image' } });

    server.use(rawHttp.post('/api/admin/uploads', () => new HttpResponse(null, { status: 500 })));
    const failed = await dataProvider.uploadFile('video', new File(['v'], 'v.webm')).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(HttpError);
    expect((failed as HttpError).status).toBe(500);
    expect((failed as HttpError).message).toBe('atrium.errors.server');
  });
});
