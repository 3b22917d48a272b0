import { Create, Edit, useNotify, useRedirect } from 'react-admin';
import { ContactForm } from './ContactForm';

export function ContactCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      record={{ categories: [], tags: [], status: 1 }}
      mutationOptions={{
        onSuccess: () => {
          notify('atrium.contacts.created', { type: 'success' });
          redirect('list', 'contacts');
        },
      }}
    >
      <ContactForm />
    </Create>
  );
}

export function ContactEdit() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit
      mutationMode="pessimistic"
      mutationOptions={{
        onSuccess: () => {
          notify('atrium.contacts.updated', { type: 'success' });
          redirect('list', 'contacts');
        },
      }}
    >
      <ContactForm />
    </Edit>
  );
}
