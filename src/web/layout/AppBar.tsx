import { Link } from 'react-router-dom';
import { Box, ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import ExitIcon from '@mui/icons-material/PowerSettingsNew';
import {
  AppBar as RaAppBar,
  LoadingIndicator,
  LocalesMenuButton,
  TitlePortal,
  UserMenu,
  useLogout,
  useNotify,
  useTranslate,
  useGetIdentity,
  useUserMenu,
} from 'react-admin';
import { MenuIcon } from './icons';
import { useServerMenu } from '../providers/data/menusHooks';
import { LOADING_LABEL_ID } from './theme';
import { NotificationsBell } from '../features/notifications/public';

function DropdownItems() {
  const { data } = useServerMenu('dropdown');
  const userMenu = useUserMenu();
  return (
    <>
      {(data ?? []).map((item) => (
        <MenuItem key={item.key} component={Link} to={item.path} onClick={() => userMenu?.onClose()}>
          <ListItemIcon>
            <MenuIcon name={item.icon} />
          </ListItemIcon>
          <ListItemText>{item.title}</ListItemText>
        </MenuItem>
      ))}
    </>
  );
}

function LogoutItem() {
  const logout = useLogout();
  const notify = useNotify();
  const translate = useTranslate();
  return (
    <MenuItem
      data-testid="logout"
      onClick={() => {
        void logout().then(() => {
          notify('atrium.auth.login.logged_out', { type: 'info' });
        });
      }}
    >
      <ListItemIcon>
        <ExitIcon />
      </ListItemIcon>
      <ListItemText>{translate('atrium.menu.logout')}</ListItemText>
    </MenuItem>
  );
}

export function AppBar() {
  // The button shows the user's name, so its accessible name must contain it too.
  const { identity } = useGetIdentity();
  const translate = useTranslate();
  // The user menu's entries are read with the bar, not when the menu opens: MUI places the menu by its
  // width at opening, and entries arriving after that widened it past the window's edge at 1366 px.
  useServerMenu('dropdown');
  return (
    <RaAppBar
      color="primary"
      toolbar={
        // On a phone the language button keeps its icons only (the name stays for screen readers),
        // so long page titles are not cut off behind it.
        <Box
          sx={(theme) => ({
            display: 'flex',
            [theme.breakpoints.down('sm')]: {
              '& .MuiButton-root': { minWidth: 0, fontSize: 0 },
              '& .MuiButton-startIcon': { mr: 0 },
            },
          })}
        >
          <NotificationsBell />
          <LocalesMenuButton />
          <LoadingIndicator />
        </Box>
      }
      userMenu={
        <UserMenu label={identity?.fullName || 'ra.auth.user_menu'}>
          <DropdownItems />
          <LogoutItem />
        </UserMenu>
      }
    >
      {/* The title sits in an inline-block (react-admin's Configurable), which would clip without the ellipsis.
          On a phone it is a size smaller and may take two lines, so titles such as "Benutzerimporte" or
          "Импорт пользователей" are read whole beside the buttons. */}
      <TitlePortal
        sx={(theme) => ({
          '& .RaConfigurable-root': { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis' },
          [theme.breakpoints.down('sm')]: {
            whiteSpace: 'normal',
            fontSize: '1rem',
            lineHeight: 1.2,
            '& .RaConfigurable-root': {
              display: '-webkit-box',
              WebkitBoxOrient: 'vertical',
              WebkitLineClamp: 2,
              overflow: 'hidden',
            },
          },
        })}
      />
      <Box
        component="span"
        id={LOADING_LABEL_ID}
        sx={{
          position: 'absolute',
          width: '1px',
          height: '1px',
          overflow: 'hidden',
          clip: 'rect(0 0 0 0)',
          whiteSpace: 'nowrap',
        }}
      >
        {translate('atrium.loading')}
      </Box>
    </RaAppBar>
  );
}
