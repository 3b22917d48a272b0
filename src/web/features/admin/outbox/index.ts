import type { SchemaOutboxMail } from '../../../../api/schema';
import { lazyView } from '../../../common/lazyView';

/** Admin: the mail the app sent or kept in the dev outbox. */
export default {
  list: lazyView(() => import('./OutboxList'), 'OutboxList'),
  show: lazyView(() => import('./OutboxShow'), 'OutboxShow'),
  recordRepresentation: (r: SchemaOutboxMail) => r.subject,
};
