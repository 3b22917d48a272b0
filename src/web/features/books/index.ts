import { lazyScreen } from '../../common/lazyScreen';
import type { Feature } from '../types';
import admin from './admin';
import { booksReads } from './reads';

/** The library for everyone (read, buy); its books managed by admins. */
export default {
  routes: [
    { path: '/books', access: 'books', screen: lazyScreen(() => import('./BooksPage')), reads: booksReads },
    { path: '/books/:id', access: 'books', screen: lazyScreen(() => import('./BookPage')) },
  ],
  resources: [{ name: 'admin/books', ...admin }],
} satisfies Feature;
