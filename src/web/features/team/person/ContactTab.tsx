import { Box } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { SchemaStaffUserDetails } from '../../../../api/schema';
import { countryName } from '../../../common/countries';
import { fmtDate, fmtMoney, fmtPhone, useTimeZone } from '../../../common/format';
import { fullName } from './people';
import { DETAILS_GRID, DetailsField, detailsLabel } from '../DetailsField';

/** The person's contact data, place in the structure and donation figures. */
export function ContactTab({ person: u }: { person: SchemaStaffUserDetails }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const tz = useTimeZone();
  return (
    <Box sx={DETAILS_GRID}>
      <DetailsField label={translate(detailsLabel('email'))}>{u.email}</DetailsField>
      <DetailsField label={translate(detailsLabel('phone'))}>{fmtPhone(u.phone)}</DetailsField>
      <DetailsField label={translate(detailsLabel('city'))}>{u.city}</DetailsField>
      <DetailsField label={translate(detailsLabel('country'))}>{countryName(u.country, locale)}</DetailsField>
      <DetailsField label={translate(detailsLabel('date_birth'))}>
        {u.date_birth ? fmtDate(u.date_birth, 'UTC') : ''}
      </DetailsField>
      <DetailsField label={translate(detailsLabel('time_zone'))}>{u.time_zone}</DetailsField>
      <DetailsField label={translate(detailsLabel('role'))}>
        {translate(`atrium.team.details.roles.${u.role}`)}
      </DetailsField>
      <DetailsField label={translate(detailsLabel('referrer'))}>{u.referrer ? fullName(u.referrer) : ''}</DetailsField>
      <DetailsField label={translate(detailsLabel('referrals_count'))}>{String(u.referrals_count ?? 0)}</DetailsField>
      <DetailsField label={translate(detailsLabel('date_joined'))}>{fmtDate(u.date_joined, tz)}</DetailsField>
      <DetailsField label={translate(detailsLabel('current_month'))}>
        {fmtMoney(u.donations.current_month, locale)}
      </DetailsField>
      <DetailsField label={translate(detailsLabel('previous_month'))}>
        {fmtMoney(u.donations.previous_month, locale)}
      </DetailsField>
      <DetailsField label={translate(detailsLabel('total'))}>{fmtMoney(u.donations.total, locale)}</DetailsField>
      <DetailsField label={translate(detailsLabel('count'))}>{String(u.donations.count)}</DetailsField>
    </Box>
  );
}
