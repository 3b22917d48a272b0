import { Create, Edit } from 'react-admin';
import { ContactForm } from './ContactForm';
import { ContactMember } from './ContactMember';
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

export function ContactEdit() {
  const saved = useSavedToList('atrium.contacts.updated', 'contacts');
  return (
    <Edit mutationMode="pessimistic" mutationOptions={saved} transform={withBrowserRegion}>
      <ContactForm />
      <ContactMember />
    </Edit>
  );
}
