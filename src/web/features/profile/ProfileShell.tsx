import type { ReactNode } from 'react';
import { Box, Tab, Tabs } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';

const TABS = [
  { path: '/profile/view', label: 'atrium.profile.tabs.view' },
  { path: '/profile/edit', label: 'atrium.profile.tabs.edit' },
  { path: '/profile/settings', label: 'atrium.profile.tabs.settings' },
  { path: '/profile/password', label: 'atrium.profile.tabs.password' },
] as const;

/**
 * The profile pages' frame: the page title in the AppBar, tabs between the four pages, a readable width.
 * `contain: inline-size` keeps wide content (the tabs' strip, long links) from widening the layout on a phone.
 */
export function ProfileShell({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const current = TABS.find((t) => pathname.startsWith(t.path))?.path ?? false;
  return (
    <Box sx={{ maxWidth: 960, width: '100%', mx: 'auto', pb: 4, contain: 'inline-size' }}>
      <Title title={translate(title)} />
      <Tabs
        value={current}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={translate('atrium.profile.tabs.label')}
        sx={{
          mb: 2,
          borderBottom: 1,
          borderColor: 'divider',
          // Narrower tabs on a phone, so most languages fit without scrolling.
          '& .MuiTab-root': { px: { xs: 1.25, sm: 2 }, minWidth: { xs: 0, sm: 90 } },
        }}
      >
        {TABS.map((t) => (
          <Tab key={t.path} value={t.path} label={translate(t.label)} component={Link} to={t.path} />
        ))}
      </Tabs>
      {children}
    </Box>
  );
}
