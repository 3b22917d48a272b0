import { lazy } from 'react';
import { BookList } from './BookList';

// The forms carry the rich-text editor: loaded when an admin opens one.
const BookCreate = lazy(() => import('./BookForm').then((m) => ({ default: m.BookCreate })));
const BookEdit = lazy(() => import('./BookForm').then((m) => ({ default: m.BookEdit })));

export default {
  list: BookList,
  create: BookCreate,
  edit: BookEdit,
  recordRepresentation: (r: { title?: string }) => r.title ?? '',
};
