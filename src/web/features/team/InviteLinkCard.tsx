import { Box, Card, CardContent, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { useTranslate } from 'react-admin';
import { useProfile } from '../profile/hooks';
import { useCopy } from '../profile/public';

/** The member's invite link (registration with their promo code) with a copy button, above the team. */
export function InviteLinkCard() {
  const translate = useTranslate();
  const copy = useCopy();
  const { data: me } = useProfile();
  const promo = me?.promo_code;
  if (!promo) return null;
  const invite = `${window.location.origin}/register/${promo}`;
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="subtitle1" component="h2">
          {translate('atrium.team.invite.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('atrium.team.invite.hint')}
        </Typography>
        <Stack direction="row" alignItems="center" spacing={0.5}>
          <Box
            component="code"
            sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
            data-testid="team-invite-link"
          >
            {invite}
          </Box>
          <Tooltip title={translate('atrium.team.invite.copy')}>
            <IconButton
              size="small"
              aria-label={translate('atrium.team.invite.copy')}
              onClick={() => void copy(invite, 'atrium.profile.link_copied')}
            >
              <ContentCopy fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      </CardContent>
    </Card>
  );
}
