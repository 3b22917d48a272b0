import { Link as RouterLink } from 'react-router-dom';
import { Box, Link, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFooterLinks } from '../providers/data/menusHooks';

/**
 * The footer links the admin keeps (Content → Footer links), under every signed-in page: app paths
 * stay in the app, other addresses open in a new tab. Nothing is shown while they load or if they fail.
 */
export function Footer() {
  const translate = useTranslate();
  const { data } = useFooterLinks();
  if (!data?.length) return null;
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
        {data.map((l) =>
          l.url.startsWith('/') ? (
            <Link key={l.id} component={RouterLink} to={l.url} variant="body2" color="text.secondary">
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
          ),
        )}
      </Stack>
    </Box>
  );
}
