import { Create, Edit } from 'react-admin';
import { ContactForm } from './ContactForm';
import { ContactMember } from './ContactMember';
import { ContactNotes } from './ContactNotes';
import { withBrowserRegion } from '../../common/countries';
import { useSavedToList } from '../../common/useSavedToList';

export function ContactCreate() {
  const saved = useSavedToList('atrium.contacts.created', 'contacts');
  return (
    <Create
      title="atrium.contacts.create_title"
      record={{ categories: [], tags: [], status: 1 }}
      mutationOptions={saved}
      transform={withBrowserRegion}
    >
      <ContactForm />
    </Create>
  );
}

/**
 * The form has no notes input: the single field (still the seed's) is kept from the stored record, so
 * a form opened before its entry was deleted cannot write it back.
 */
const withoutNotes = ({ notes: _notes, ...data }: Record<string, unknown>) => withBrowserRegion(data);

export function ContactEdit() {
  const saved = useSavedToList('atrium.contacts.updated', 'contacts');
  return (
    <Edit mutationMode="pessimistic" mutationOptions={saved} transform={withoutNotes}>
      <ContactForm />
      <ContactNotes />
      <ContactMember />
    </Edit>
  );
}
