import { api, unwrap } from '../../../api/client';
import type { SchemaImportStartRequest, SchemaImportStatus } from '../../../api/schema';
import { tagsGroups } from '../staff/data';
import type { ResourceAdapter } from '../../providers/data/types';
import { invalidating } from '../../providers/data/invalidation';

/**
 * `imports` → accounts/import_users/: list (paged, by status), getOne = one with its preview (to continue an
 * upload), create = upload a .csv (multipart, answers with the preview), update = start with a mapping, consultant and tag, delete = remove an upload never
 * started.
 */
export const importsAdapter: ResourceAdapter = {
  async getList(_resource, { pagination, sort, filter }) {
    const page = await unwrap(
      api.POST('/accounts/import_users/list/', {
        params: {
          query: {
            page: pagination?.page ?? 1,
            page_size: pagination?.perPage ?? 10,
            status: ((filter ?? {}) as { status?: SchemaImportStatus | '' }).status || undefined,
            ordering: sort?.field ? `${sort.order === 'ASC' ? '' : '-'}${sort.field}` : undefined,
          },
        },
      }),
    );
    return { data: page.results, total: page.count };
  },
  /** An import with the preview of its file: an upload never started, continued from the list. */
  async getOne(_resource, { id }) {
    return {
      data: await unwrap(api.GET('/accounts/import_users/{id}/', { params: { path: { id: Number(id) } } })),
    };
  },
  async create(_resource, { data }) {
    const { file, consultant_id, tag_id } = data as { file: File; consultant_id?: number; tag_id?: number };
    const form = new FormData();
    form.append('file', file, file.name);
    if (consultant_id) form.append('consultant_id', String(consultant_id));
    if (tag_id) form.append('tag_id', String(tag_id));
    const saved = await unwrap(
      api.POST('/accounts/import_users/save/', { body: { file: '' }, bodySerializer: () => form }),
    );
    return { data: saved };
  },
  async update(_resource, { id, data }) {
    return { data: await start(Number(id), data as ImportStart) };
  },
  async delete(_resource, { id, previousData }) {
    await unwrap(api.DELETE('/accounts/import_users/{id}/', { params: { path: { id: Number(id) } } }));
    return { data: previousData ?? { id } };
  },
};

/**
 * What starting an import takes besides its id: the column mapping, the consultant, the tag, the phone region,
 * country, language and time zone of its people and whether they are invited, as
 * the mapping step has them; a consultant not picked yet is left out and the server's field error says so.
 */
type ImportStart = Omit<SchemaImportStartRequest, 'import_id' | 'consultant_id'> & { consultant_id?: number };

const start = (id: number, d: ImportStart) =>
  unwrap(
    api.POST('/accounts/import_users/start/', {
      body: {
        import_id: id,
        mapping: d.mapping,
        consultant_id: d.consultant_id,
        tag_id: d.tag_id,
        ...(d.default_region && { default_region: d.default_region }),
        ...(d.time_zone && { time_zone: d.time_zone }),
        ...(d.default_country && { default_country: d.default_country }),
        ...(d.language && { language: d.language }),
        ...(d.send_invitations !== undefined && { send_invitations: d.send_invitations }),
      } as SchemaImportStartRequest,
    }),
  );

/** What the imports screen needs besides its resource: custom methods of the data provider. */
export const importsMethods = {
  /** Starts an uploaded import with its mapping, consultant and tag; answers with the import. Every list is read again. */
  startImport: invalidating({ invalidates: 'all' }, start),
  /** The staff tags an import can give its users (the tag picker of the mapping step). */
  importTags: async () => (await tagsGroups()).tags,
  /**
   * The rows an import skipped with their reasons, as the server's CSV file: bytes as sent (a blob, so
   * that its UTF-8 byte order mark, which Excel needs, is kept).
   */
  importRejectedRows: (id: number): Promise<Blob> =>
    unwrap(api.GET('/accounts/import_users/{id}/rejected/', { params: { path: { id } }, parseAs: 'blob' })),
};
