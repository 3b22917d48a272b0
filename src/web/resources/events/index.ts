import { lazy } from 'react';
import { EventList } from './EventList';

// The forms carry the rich-text editor: loaded when an admin opens one.
const EventCreate = lazy(() => import('./EventForm').then((m) => ({ default: m.EventCreate })));
const EventEdit = lazy(() => import('./EventForm').then((m) => ({ default: m.EventEdit })));

export default {
  list: EventList,
  create: EventCreate,
  edit: EventEdit,
  recordRepresentation: (r: { title?: string }) => r.title ?? '',
};
