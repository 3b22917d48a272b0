import { useDeferredValue } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Link, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFooterLinks } from '../providers/data/menusHooks';
import { useProviderQuery } from '../providers/data/providerHooks';

/** Where a signed-in person writes to support: the Support screen's new request (menu › Support). */
const NEW_REQUEST = '/user/new-request/new';

/**
 * The app path a footer link stands for: app paths as they are, and a mail to the support address
 * (the `support.email` config; the seed's "Support" link is one) as the Support form, which the staff
 * answer and the member can follow, instead of a mail program beside the menu's Support.
 */
function appPath(url: string, supportEmail: unknown): string | null {
  if (url.startsWith('/')) return url;
  const mailto = /^mailto:([^?]+)/i.exec(url)?.[1];
  return mailto && typeof supportEmail === 'string' && mailto.toLowerCase() === supportEmail.trim().toLowerCase()
    ? NEW_REQUEST
    : null;
}

/**
 * The footer links the admin keeps (Content → Footer links), under every signed-in page: app paths
 * (and the support address, as the Support form) stay in the app, other addresses open in a new tab. Nothing is shown while they load or if they fail.
 */
export function Footer() {
  const translate = useTranslate();
  // After the page's first render, as the side menu (Menu.tsx).
  const data = useDeferredValue(useFooterLinks().data, undefined);
  // The same query (and cache) as the dashboard's configs.
  const configs = useProviderQuery('getConfigs', [], { staleTime: 10 * 60_000 });
  if (!data?.length) return null;
  const supportEmail = configs.data?.configs['support.email'];
  return (
    <Box component="footer" sx={{ mt: 4, py: 2, px: 2, borderTop: 1, borderColor: 'divider' }} data-testid="app-footer">
      <Stack
        component="nav"
        aria-label={translate('atrium.footer_label')}
        direction="row"
        spacing={3}
        flexWrap="wrap"
        useFlexGap
        justifyContent="center"
      >
        {data.map((l) => {
          const path = appPath(l.url, supportEmail);
          return path ? (
            <Link key={l.id} component={RouterLink} to={path} variant="body2" color="text.secondary">
              {l.title}
            </Link>
          ) : (
            <Link
              key={l.id}
              href={l.url}
              target="_blank"
              rel="noopener noreferrer"
              variant="body2"
              color="text.secondary"
            >
              {l.title}
            </Link>
          );
        })}
      </Stack>
    </Box>
  );
}
