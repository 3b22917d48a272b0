import type { SchemaTaskTab } from '../../../api/schema';
import { listControllerRead, type EarlyReads } from '../../providers/data/earlyReads';

/** Each tab's date column and its natural order: what comes next, or what was done last. */
export const SORT_OF: Record<SchemaTaskTab, { field: string; order: 'ASC' | 'DESC' }> = {
  today: { field: 'start_at', order: 'ASC' },
  future: { field: 'start_at', order: 'ASC' },
  completed: { field: 'completed_at', order: 'DESC' },
  canceled: { field: 'canceled_at', order: 'DESC' },
};

/** The tasks list's props that decide its reads (TasksPage's <ListBase>). */
export const TASKS_LIST = {
  resource: 'tasks',
  filterDefaultValues: { tab: 'today' },
  sort: SORT_OF.today,
  perPage: 25,
};

/** /staff/tasks: the list's first page (the view-as page adds its consultant's filter and asks for itself). */
export const tasksReads: EarlyReads = (at) => [listControllerRead(TASKS_LIST.resource, TASKS_LIST, at)];
