import { listControllerRead, type EarlyReads } from '../../providers/data/earlyReads';

/** The users list's props that decide its reads (UserList's <List>). */
export const USERS_LIST = { sort: { field: 'id', order: 'DESC' as const }, perPage: 25 };

/** /users: the list's first page. */
export const usersReads: EarlyReads = (at) => [listControllerRead('users', USERS_LIST, at)];
