import { UserCreate } from './UserCreate';
import { UserEdit } from './UserEdit';
import { UserList } from './UserList';

type UserRecord = { first_name?: string; last_name?: string; email?: string | null };

export default {
  list: UserList,
  edit: UserEdit,
  create: UserCreate,
  recordRepresentation: (r: UserRecord) => `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim() || (r.email ?? ''),
};
