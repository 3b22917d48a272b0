import { lazy } from 'react';
import { LessonList } from './LessonList';

// The forms carry the rich-text editor: loaded when an admin opens one.
const LessonCreate = lazy(() => import('./LessonForm').then((m) => ({ default: m.LessonCreate })));
const LessonEdit = lazy(() => import('./LessonForm').then((m) => ({ default: m.LessonEdit })));

export default {
  list: LessonList,
  create: LessonCreate,
  edit: LessonEdit,
  recordRepresentation: (r: { title?: string }) => r.title ?? '',
};
