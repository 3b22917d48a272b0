/** A new task's dialog (the person page's tasks tab). */
export { TaskCreateDialog } from './TaskCreateDialog';
