import { Edit, useNotify, useRedirect } from 'react-admin';
import { UserForm } from './UserForm';

export function UserEdit() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit
      mutationMode="pessimistic"
      mutationOptions={{
        onSuccess: () => {
          notify('atrium.users.updated', { type: 'success' });
          redirect('list', 'users');
        },
      }}
    >
      <UserForm />
    </Edit>
  );
}
