import type { ReactNode } from 'react';
import {
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Divider,
  IconButton,
  Skeleton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Edit from '@mui/icons-material/Edit';
import { useLocaleState, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { SchemaUserBrief as UserBrief } from '../../../api/schema';
import { LoadError } from './LoadError';
import { ProfileShell } from './ProfileShell';
import { useCopy } from './copy';
import { countryName } from '../../common/countries';
import { fmtTimeZone } from '../../common/format';
import { fmtPhone } from '../../common/phone';
import { showDate } from './format';
import { useProfile } from './hooks';
import { ROLE_KEYS, LANGUAGE_KEYS } from './labels';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '220px 1fr' },
        gap: { xs: 0.25, sm: 2 },
        py: 1.25,
        alignItems: 'center',
      }}
    >
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

const fullName = (u: { first_name: string; last_name: string }) => `${u.first_name} ${u.last_name}`.trim();

function Person({ user, empty }: { user: UserBrief | null | undefined; empty: string }) {
  if (!user)
    return (
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {empty}
      </Box>
    );
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <Avatar src={user.avatar ?? undefined} alt="" sx={{ width: 28, height: 28, fontSize: 14 }}>
        {user.first_name.charAt(0)}
      </Avatar>
      <span>
        {fullName(user)}
        {user.email && (
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {' · '}
            {user.email}
          </Box>
        )}
      </span>
    </Stack>
  );
}

export default function ProfileViewPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data: me, error, isPending, refetch } = useProfile();
  const copy = useCopy();
  const none = translate('atrium.profile.view.not_set');

  if (isPending) {
    return (
      <ProfileShell title="atrium.profile.view.title">
        <Card>
          <CardContent aria-busy="true">
            <Stack direction="row" spacing={2} alignItems="center">
              <Skeleton variant="circular" width={88} height={88} />
              <Box sx={{ flex: 1 }}>
                <Skeleton width="50%" height={36} />
                <Skeleton width="30%" />
              </Box>
            </Stack>
            {[1, 2, 3, 4, 5].map((i) => (
              <Skeleton key={i} height={40} />
            ))}
          </CardContent>
        </Card>
      </ProfileShell>
    );
  }
  if (error) {
    return (
      <ProfileShell title="atrium.profile.view.title">
        <LoadError error={error} onRetry={refetch} />
      </ProfileShell>
    );
  }

  const promo = me.promo_code;
  const invite = promo ? `${window.location.origin}/register/${promo}` : '';
  const status = (on: boolean | undefined, onKey: string, offKey: string) => (
    <Chip
      size="small"
      color={on ? 'success' : 'default'}
      variant={on ? 'filled' : 'outlined'}
      label={translate(on ? onKey : offKey)}
    />
  );

  return (
    <ProfileShell title="atrium.profile.view.title">
      <Card>
        <CardContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ xs: 'flex-start', sm: 'center' }}>
            <Avatar
              src={me.avatar ?? undefined}
              alt={translate('atrium.profile.avatar.alt')}
              sx={{ width: 88, height: 88, fontSize: 36, bgcolor: 'primary.main' }}
            >
              {(me.first_name || me.email || '?').charAt(0).toUpperCase()}
            </Avatar>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }} data-testid="profile-name">
                {fullName(me) || me.email}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ mt: 0.5 }} flexWrap="wrap" useFlexGap>
                <Chip size="small" color="primary" label={translate(ROLE_KEYS[me.role])} />
                {me.is_partner && (
                  <Chip size="small" variant="outlined" label={translate('atrium.profile.view.partner')} />
                )}
              </Stack>
            </Box>
            <Button component={Link} to="/profile/edit" variant="outlined" startIcon={<Edit />}>
              {translate('atrium.profile.view.edit')}
            </Button>
          </Stack>
          <Divider sx={{ my: 2 }} />
          <Box component="dl" sx={{ m: 0 }}>
            <Row label={translate('atrium.profile.fields.email')}>{me.email || none}</Row>
            <Row label={translate('atrium.profile.fields.phone')}>{fmtPhone(me.phone) || none}</Row>
            <Row label={translate('atrium.profile.fields.city')}>{me.city || none}</Row>
            <Row label={translate('atrium.profile.fields.country')}>{countryName(me.country, locale) || none}</Row>
            <Row label={translate('atrium.profile.fields.date_birth')}>{showDate(me.date_birth) || none}</Row>
            <Row label={translate('atrium.profile.fields.time_zone')}>{fmtTimeZone(me.time_zone, locale) || none}</Row>
            <Row label={translate('atrium.profile.fields.language')}>{translate(LANGUAGE_KEYS[me.language])}</Row>
            <Row label={translate('atrium.profile.fields.role')}>{translate(ROLE_KEYS[me.role])}</Row>
            <Row label={translate('atrium.profile.fields.promo_code')}>
              {promo ? (
                <Stack direction="row" alignItems="center" spacing={0.5}>
                  <Box component="code" sx={{ fontFamily: 'monospace', fontSize: '1rem' }} data-testid="promo-code">
                    {promo}
                  </Box>
                  <Tooltip title={translate('atrium.profile.view.copy_code')}>
                    <IconButton
                      size="small"
                      aria-label={translate('atrium.profile.view.copy_code')}
                      onClick={() => void copy(promo, 'atrium.profile.code_copied')}
                    >
                      <ContentCopy fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </Stack>
              ) : (
                none
              )}
            </Row>
            {invite && (
              <Row label={translate('atrium.profile.fields.invite_link')}>
                <Stack direction="row" alignItems="center" spacing={0.5}>
                  <Box component="span" sx={{ overflowWrap: 'anywhere' }} data-testid="invite-link">
                    {invite}
                  </Box>
                  <Tooltip title={translate('atrium.profile.view.copy_link')}>
                    <IconButton
                      size="small"
                      aria-label={translate('atrium.profile.view.copy_link')}
                      onClick={() => void copy(invite, 'atrium.profile.link_copied')}
                    >
                      <ContentCopy fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </Stack>
              </Row>
            )}
            <Row label={translate('atrium.profile.fields.referrer')}>
              <Person user={me.referrer} empty={none} />
            </Row>
            <Row label={translate('atrium.profile.fields.responsible')}>
              <Person user={me.responsible} empty={none} />
            </Row>
            <Row label={translate('atrium.profile.fields.two_factor')}>
              {status(me.google_auth_enabled, 'atrium.profile.status.enabled', 'atrium.profile.status.disabled')}
            </Row>
            <Row label={translate('atrium.profile.fields.telegram')}>
              {status(me.telegram_linked, 'atrium.profile.status.linked', 'atrium.profile.status.not_linked')}
            </Row>
          </Box>
        </CardContent>
      </Card>
    </ProfileShell>
  );
}
