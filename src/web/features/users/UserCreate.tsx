import { Create } from 'react-admin';
import { UserForm } from './UserForm';
import { withBrowserRegion } from '../../common/countries';
import { useSavedToList } from '../../common/useSavedToList';

// Language and zone start empty: the server gives the person those of their country or phone (#40 finding 11).
const NEW_USER = { role: 'member', is_active: true, is_partner: false, send_invitation: false };

export function UserCreate() {
  const saved = useSavedToList('atrium.users.created', 'users');
  return (
    <Create record={NEW_USER} mutationOptions={saved} transform={withBrowserRegion}>
      <UserForm creating />
    </Create>
  );
}
