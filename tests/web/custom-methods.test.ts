import { describe, expect, it } from 'vitest';
import { HttpError, type DataProvider } from 'react-admin';
import { ApiError } from '../../src/api/client';
import { withCustomMethods } from '../../src/web/providers/data/custom';

const resources = { getList: () => Promise.resolve({ data: [], total: 0 }) } as unknown as DataProvider;

describe('withCustomMethods', () => {
  it('refuses two method groups that name a method alike', () => {
    expect(() =>
      withCustomMethods(resources, { save: () => Promise.resolve(1) }, { save: () => Promise.resolve(2) }),
    ).toThrow(/"save"/);
  });

  it('keeps every group, and turns an API failure into an HttpError', async () => {
    const provider = withCustomMethods(
      resources,
      { one: () => Promise.resolve(1) },
      { two: () => Promise.reject(new ApiError(400, { name: ['Please, fill this field'] })) },
    );
    expect(await provider.one()).toBe(1);
    const err: unknown = await provider.two().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).body).toEqual({ errors: { name: 'Please, fill this field' } });
  });
});
