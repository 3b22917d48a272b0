import type { SchemaTicketStatus } from '../../../api/schema';

/** A ticket status's chip colour, the same for the staff and the member. */
export const STATUS_COLORS: Record<
  SchemaTicketStatus,
  'default' | 'primary' | 'success' | 'warning' | 'error' | 'info'
> = {
  new: 'info',
  in_progress: 'primary',
  completed: 'success',
  paid: 'success',
  canceled: 'default',
  rejected: 'error',
};
