import { Create, useLocaleState } from 'react-admin';
import { UserForm } from './UserForm';
import { withBrowserRegion } from '../../common/countries';
import { useSavedToList } from '../../common/useSavedToList';

export function UserCreate() {
  const saved = useSavedToList('atrium.users.created', 'users');
  // A new user speaks the interface's language unless chosen otherwise.
  const [locale] = useLocaleState();
  return (
    <Create
      record={{ role: 'member', language: locale, is_active: true, is_partner: false }}
      mutationOptions={saved}
      transform={withBrowserRegion}
    >
      <UserForm creating />
    </Create>
  );
}
