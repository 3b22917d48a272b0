import type { Identifier } from 'react-admin';
import { api, unwrap } from '../../../api/client';
import type {
  SchemaContact,
  SchemaContactBulkRequest,
  SchemaContactNote,
  SchemaContactRequest,
} from '../../../api/schema';
import type { ResourceAdapter } from '../../providers/data/types';

// The categories' and statuses' adapters, for the data provider: another folder reads a feature's data here.
export { contactCategoriesAdapter, contactStatusesAdapter } from './categories/data';

/** The filter of the contacts list: free text, a category id and a status id (0 or absent = all). */
export type ContactFilter = { q?: string; category?: number | ''; status?: number | '' };

/**
 * What `updateMany` accepts for the bulk endpoint: a status (null clears it), or a category to add
 * or to remove.
 */
export type ContactBulkChange = { status: number | null } | { add_category: number } | { remove_category: number };

const path = (id: Identifier) => ({ params: { path: { id: Number(id) } } });

/** The writable fields of a contact record, as ContactRequest names them (with the form's phone region). */
function toContactRequest(data: Partial<SchemaContact> & { default_region?: string }): SchemaContactRequest {
  return {
    ...(data.default_region && { default_region: data.default_region }),
    first_name: data.first_name ?? '',
    last_name: data.last_name ?? '',
    phone: data.phone ?? '',
    email: data.email ?? '',
    city: data.city ?? '',
    country: data.country ?? '',
    notes: data.notes ?? '',
    categories: data.categories ?? [],
    status: data.status ?? null,
    tags: data.tags ?? [],
  };
}

function bulkOf(ids: Identifier[], change: ContactBulkChange): SchemaContactBulkRequest {
  const numeric = ids.map(Number);
  if ('add_category' in change) return { ids: numeric, action: 'add_category', category: change.add_category };
  if ('remove_category' in change) return { ids: numeric, action: 'remove_category', category: change.remove_category };
  return { ids: numeric, action: 'set_status', status: change.status };
}

/** Reads updateMany's data as one bulk change; anything else is a programming error. */
function bulkChangeOf(data: Record<string, unknown>): ContactBulkChange {
  if (typeof data.add_category === 'number') return { add_category: data.add_category };
  if (typeof data.remove_category === 'number') return { remove_category: data.remove_category };
  if ('status' in data && (data.status === null || typeof data.status === 'number')) return { status: data.status };
  throw new Error('contacts.updateMany takes {status}, {add_category} or {remove_category}');
}

const getContact = (id: Identifier) => unwrap(api.GET('/contacts/{id}/', path(id)));

/** `contacts` → contacts/: the member's own contacts; bulk changes and deletes go to contacts/bulk/. */
export const contactsAdapter: ResourceAdapter = {
  async getList(_resource, { pagination, sort, filter }) {
    const f = (filter ?? {}) as ContactFilter;
    const page = await unwrap(
      api.GET('/contacts/', {
        params: {
          query: {
            page: pagination?.page ?? 1,
            page_size: pagination?.perPage ?? 25,
            search: f.q || undefined,
            category: f.category || undefined,
            status: f.status || undefined,
            ordering: sort?.field ? `${sort.order === 'DESC' ? '-' : ''}${sort.field}` : undefined,
          },
        },
      }),
    );
    return { data: page.results, total: page.count };
  },
  async getOne(_resource, { id }) {
    return { data: await getContact(id) };
  },
  async getMany(_resource, { ids }) {
    return { data: await Promise.all(ids.map(getContact)) };
  },
  async create(_resource, { data }) {
    const record = data as Partial<SchemaContact>;
    return { data: await unwrap(api.POST('/contacts/', { body: toContactRequest(record) })) };
  },
  async update(_resource, { id, data, previousData }) {
    const record = {
      ...(previousData as Partial<SchemaContact> | undefined),
      ...(data as Partial<SchemaContact> | undefined),
    };
    return {
      data: await unwrap(api.PUT('/contacts/{id}/', { ...path(id as Identifier), body: toContactRequest(record) })),
    };
  },
  async updateMany(_resource, { ids, data }) {
    const change = bulkChangeOf(data);
    await unwrap(api.POST('/contacts/bulk/', { body: bulkOf(ids, change) }));
    return { data: ids };
  },
  async delete(_resource, { id, previousData }) {
    await unwrap(api.DELETE('/contacts/{id}/', path(id)));
    return { data: previousData ?? { id } };
  },
  async deleteMany(_resource, { ids }) {
    await unwrap(api.POST('/contacts/bulk/', { body: { ids: ids.map(Number), action: 'delete' } }));
    return { data: ids };
  },
};

/** A dated note to add: the contact it is about and its text (the author and time are the server's). */
type ContactNoteDraft = { contact_id: number; text: string };

/**
 * `contact-notes` → contacts/notes/{id}/: a contact's dated notes, read by the contact (getManyReference,
 * target contact_id, newest first), added and deleted one at a time.
 */
export const contactNotesAdapter: ResourceAdapter = {
  async getManyReference(_resource, { id, pagination }) {
    const page = await unwrap(
      api.GET('/contacts/notes/{id}/', {
        params: {
          path: { id: Number(id) },
          query: { page: pagination.page, page_size: pagination.perPage },
        },
      }),
    );
    return { data: page.results, total: page.count };
  },
  async create(_resource, { data }) {
    const draft = data as ContactNoteDraft;
    return {
      data: await unwrap(
        api.POST('/contacts/notes/{id}/', { ...path(draft.contact_id), body: { text: draft.text.trim() } }),
      ),
    };
  },
  async delete(_resource, { id, previousData }) {
    const note = previousData as SchemaContactNote | undefined;
    if (!note) throw new Error('contact-notes.delete needs the note (its contact) as previousData');
    await unwrap(
      api.DELETE('/contacts/notes/{id}/{noteId}/', {
        params: { path: { id: note.contact_id, noteId: Number(id) } },
      }),
    );
    return { data: note };
  },
};

/**
 * The CSV of the filtered list (the export endpoint), as the server's bytes: read as text, the
 * leading byte order mark Excel needs to see UTF-8 would be dropped.
 */
export async function exportContactsCsv(filter: ContactFilter, sort?: { field: string; order: string }): Promise<Blob> {
  return unwrap(
    api.GET('/contacts/export/', {
      params: {
        query: {
          search: filter.q || undefined,
          category: filter.category || undefined,
          status: filter.status || undefined,
          ordering: sort?.field ? `${sort.order === 'DESC' ? '-' : ''}${sort.field}` : undefined,
        },
      },
      parseAs: 'blob',
    }),
  );
}
