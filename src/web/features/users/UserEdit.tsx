import { Edit } from 'react-admin';
import { UserForm } from './UserForm';
import { withBrowserRegion } from '../../common/countries';
import { useSavedToList } from '../../common/useSavedToList';

export function UserEdit() {
  const saved = useSavedToList('atrium.users.updated', 'users');
  return (
    <Edit mutationMode="pessimistic" mutationOptions={saved} transform={withBrowserRegion}>
      <UserForm />
    </Edit>
  );
}
