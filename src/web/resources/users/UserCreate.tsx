import { Create } from 'react-admin';
import { UserForm } from './UserForm';
import { withBrowserRegion } from '../../common/countries';
import { useSavedToList } from '../../common/useSavedToList';

export function UserCreate() {
  const saved = useSavedToList('atrium.users.created', 'users');
  return (
    <Create
      record={{ role: 'member', language: 'ru', is_active: true, is_partner: false }}
      mutationOptions={saved}
      transform={withBrowserRegion}
    >
      <UserForm creating />
    </Create>
  );
}
