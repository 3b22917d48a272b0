import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { SchemaStaffUserDetails } from '../../../api/schema';
import { countryName } from '../../common/countries';
import { fmtDate, fmtMoney, useTimeZone } from '../../common/format';
import { fullName } from './people';

const F = (key: string) => `atrium.team.details.fields.${key}`;
const GRID = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } } as const;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Typography>
    </Box>
  );
}

/** The person's contact data, place in the structure and donation figures. */
export function ContactTab({ person: u }: { person: SchemaStaffUserDetails }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const tz = useTimeZone();
  return (
    <Box sx={GRID}>
      <Field label={translate(F('email'))}>{u.email}</Field>
      <Field label={translate(F('phone'))}>{u.phone}</Field>
      <Field label={translate(F('city'))}>{u.city}</Field>
      <Field label={translate(F('country'))}>{countryName(u.country, locale)}</Field>
      <Field label={translate(F('date_birth'))}>{u.date_birth ? fmtDate(u.date_birth, 'UTC') : ''}</Field>
      <Field label={translate(F('time_zone'))}>{u.time_zone}</Field>
      <Field label={translate(F('role'))}>{translate(`atrium.team.details.roles.${u.role}`)}</Field>
      <Field label={translate(F('referrer'))}>{u.referrer ? fullName(u.referrer) : ''}</Field>
      <Field label={translate(F('referrals_count'))}>{String(u.referrals_count ?? 0)}</Field>
      <Field label={translate(F('date_joined'))}>{fmtDate(u.date_joined, tz)}</Field>
      <Field label={translate(F('current_month'))}>{fmtMoney(u.donations.current_month)}</Field>
      <Field label={translate(F('previous_month'))}>{fmtMoney(u.donations.previous_month)}</Field>
      <Field label={translate(F('total'))}>{fmtMoney(u.donations.total)}</Field>
      <Field label={translate(F('count'))}>{String(u.donations.count)}</Field>
    </Box>
  );
}
