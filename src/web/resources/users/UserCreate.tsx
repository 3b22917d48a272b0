import { Create, useNotify, useRedirect } from 'react-admin';
import { UserForm } from './UserForm';

export function UserCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      record={{ role: 'member', language: 'ru', is_active: true, is_partner: false }}
      mutationOptions={{
        onSuccess: () => {
          notify('atrium.users.created', { type: 'success' });
          redirect('list', 'users');
        },
      }}
    >
      <UserForm creating />
    </Create>
  );
}
