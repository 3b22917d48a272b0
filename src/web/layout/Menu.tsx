import { Menu as RaMenu } from 'react-admin';
import { MenuIcon } from './icons';
import { useServerMenu } from './menus';

/** The side menu, as the server lists it for the user's role (GET menu/main/). */
export function Menu() {
  const { data } = useServerMenu('main');
  return (
    <RaMenu>
      {(data ?? []).map((item) => (
        <RaMenu.Item key={item.key} to={item.path} primaryText={item.title} leftIcon={<MenuIcon name={item.icon} />} />
      ))}
    </RaMenu>
  );
}
