import { Box, Card, CardContent, Stack } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { SchemaStaffUserDetails, SchemaUserBrief } from '../../../../api/schema';
import { fullName } from './people';
import { countryName } from '../../../common/countries';
import { fmtDate, fmtMoney, fmtTimeZone, useTimeZone } from '../../../common/format';
import { fmtPhone } from '../../../common/phone';
import { Section } from '../../../common/MemberPage';
import { CompletedTasks } from '../CompletedTasks';
import { DETAILS_GRID, DetailsField, detailsLabel } from '../DetailsField';

const briefName = (u?: SchemaUserBrief | null) => (u ? fullName(u) : '');

/** What a member sees of a user of their structure: the person's facts and completed tasks. */
export function PersonDetails({ person }: { person: SchemaStaffUserDetails }) {
  return (
    <Stack spacing={2}>
      <PersonFacts person={person} />
      <CompletedTasks userId={person.id} />
    </Stack>
  );
}

/** The person's contact data, place in the structure and donation figures (also staff's Contact tab). */
export function PersonFacts({ person: u, bare }: { person: SchemaStaffUserDetails; bare?: boolean }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const tz = useTimeZone();
  const facts = (
    <>
      <Section title={translate('atrium.team.details.contact')}>
        <Box sx={DETAILS_GRID}>
          <DetailsField label={translate(detailsLabel('email'))}>{u.email}</DetailsField>
          <DetailsField label={translate(detailsLabel('phone'))}>{fmtPhone(u.phone)}</DetailsField>
          <DetailsField label={translate(detailsLabel('city'))}>{u.city}</DetailsField>
          <DetailsField label={translate(detailsLabel('country'))}>{countryName(u.country, locale)}</DetailsField>
          <DetailsField label={translate(detailsLabel('date_birth'))}>
            {u.date_birth ? fmtDate(u.date_birth, 'UTC') : ''}
          </DetailsField>
          <DetailsField label={translate(detailsLabel('time_zone'))}>{fmtTimeZone(u.time_zone, locale)}</DetailsField>
        </Box>
      </Section>
      <Section title={translate('atrium.team.details.structure')}>
        <Box sx={DETAILS_GRID}>
          <DetailsField label={translate(detailsLabel('role'))}>
            {translate(`atrium.team.details.roles.${u.role}`)}
          </DetailsField>
          <DetailsField label={translate(detailsLabel('referrer'))}>{briefName(u.referrer)}</DetailsField>
          <DetailsField label={translate(detailsLabel('responsible'))}>{briefName(u.responsible)}</DetailsField>
          <DetailsField label={translate(detailsLabel('referrals_count'))}>
            {String(u.referrals_count ?? 0)}
          </DetailsField>
          <DetailsField label={translate(detailsLabel('tags'))}>{u.tags.map((t) => t.name).join(', ')}</DetailsField>
          <DetailsField label={translate(detailsLabel('groups'))}>
            {u.groups.map((g) => g.name).join(', ')}
          </DetailsField>
          <DetailsField label={translate(detailsLabel('date_joined'))}>{fmtDate(u.date_joined, tz)}</DetailsField>
          {u.lead_source && (
            <DetailsField label={translate(detailsLabel('lead_source'))}>
              {[translate(`atrium.leads.sources.${u.lead_source.kind}`), u.lead_source.name].filter(Boolean).join(': ')}
            </DetailsField>
          )}
        </Box>
      </Section>
      <Section title={translate('atrium.team.details.donations')}>
        <Box sx={DETAILS_GRID}>
          <DetailsField label={translate(detailsLabel('current_month'))}>
            {fmtMoney(u.donations.current_month, locale)}
          </DetailsField>
          <DetailsField label={translate(detailsLabel('previous_month'))}>
            {fmtMoney(u.donations.previous_month, locale)}
          </DetailsField>
          <DetailsField label={translate(detailsLabel('total'))}>{fmtMoney(u.donations.total, locale)}</DetailsField>
          <DetailsField label={translate(detailsLabel('count'))}>{String(u.donations.count)}</DetailsField>
        </Box>
      </Section>
    </>
  );
  // Inside staff's tabs the card is the tabs' own.
  return bare ? (
    facts
  ) : (
    <Card variant="outlined">
      <CardContent>{facts}</CardContent>
    </Card>
  );
}
