import { Edit } from 'react-admin';
import { UserForm } from './UserForm';
import { useSavedToList } from '../../common/useSavedToList';

export function UserEdit() {
  const saved = useSavedToList('atrium.users.updated', 'users');
  return (
    <Edit mutationMode="pessimistic" mutationOptions={saved}>
      <UserForm />
    </Edit>
  );
}
