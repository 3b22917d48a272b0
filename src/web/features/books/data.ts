import { api, unwrap } from '../../../api/client';
import type { SchemaBookPurchaseResponse } from '../../../api/schema';
import { invalidating } from '../../providers/data/invalidation';
import { LEARNING_CHANGED } from '../learning/data';
import type { ResourceAdapter } from '../../providers/data/types';

/** `learning/books` → books/…: every published book, newest first (one page); one book with the member's access. */
export const booksAdapter: ResourceAdapter = {
  async getList() {
    const list = await unwrap(api.GET('/books/list/'));
    return { data: list, total: list.length };
  },
  async getOne(_resource, { id }) {
    return { data: await unwrap(api.GET('/books/view/{id}/', { params: { path: { id: Number(id) } } })) };
  },
};

/** What the book screens do that is not a resource: the dashboard's new book, buying one. */
export const booksMethods = {
  /** The newest book for the dashboard (`book` null when there is none). */
  getNewBook: () => unwrap(api.GET('/books/new/')),
  /**
   * Buys a book: now (from the balance), after paying at `payment_url`, or pending a payment. Bought or
   * pending, the learning lists are read again; a payment to make elsewhere changes nothing yet.
   */
  purchaseBook: invalidating(
    { invalidates: (res) => (res.status === 'payment_required' && res.payment_url ? [] : [LEARNING_CHANGED]) },
    (bookId: number): Promise<SchemaBookPurchaseResponse> =>
      unwrap(api.POST('/books/purchase/', { body: { book: bookId } })),
  ),
};
