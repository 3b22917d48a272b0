import { listControllerRead, type EarlyReads } from '../../providers/data/earlyReads';

/** The imports list's props that decide its reads (ImportsPage's <List>). */
export const IMPORTS_LIST = {
  resource: 'imports',
  sort: { field: 'created_at', order: 'DESC' as const },
  perPage: 10,
};

/** /staff/users_imports: the list's first page. */
export const importsReads: EarlyReads = (at) => [listControllerRead(IMPORTS_LIST.resource, IMPORTS_LIST, at)];
