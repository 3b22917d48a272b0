import { lazy } from 'react';
import { NewsList } from './NewsList';

// The forms carry the rich-text editor: loaded when an admin opens one.
const NewsCreate = lazy(() => import('./NewsForm').then((m) => ({ default: m.NewsCreate })));
const NewsEdit = lazy(() => import('./NewsForm').then((m) => ({ default: m.NewsEdit })));

export default {
  list: NewsList,
  create: NewsCreate,
  edit: NewsEdit,
  recordRepresentation: (r: { title?: string }) => r.title ?? '',
};
