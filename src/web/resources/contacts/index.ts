import { ContactCreate, ContactEdit } from './ContactCreate';
import { ContactList } from './ContactList';

type ContactRecord = { first_name?: string; last_name?: string };

export default {
  list: ContactList,
  edit: ContactEdit,
  create: ContactCreate,
  recordRepresentation: (r: ContactRecord) => `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim(),
};
