import { Avatar, Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useGetIdentity, useGetOne, useLocaleState, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { SchemaStaffUserDetails, SchemaUserBrief } from '../../../api/schema';
import { countryName } from '../../common/countries';
import { fmtDate, fmtMoney, fmtPhone, fmtTimeZone, useTimeZone } from '../../common/format';
import { MemberPage, Section } from '../../common/MemberPage';
import { ErrorBlock, LoadingBlock } from '../../common/States';
import { CompletedTasks } from './CompletedTasks';
import { RejectButton } from './RejectButton';
import { StatusChip } from './StatusChip';
import { DETAILS_GRID, DetailsField, detailsLabel } from './DetailsField';

const briefName = (u?: SchemaUserBrief | null) => (u ? `${u.first_name} ${u.last_name}`.trim() : '');

/** /user/view-details/{pk}: a structure user's contact data, place in the structure, donations and completed tasks. */
export default function UserDetailsPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const tz = useTimeZone();
  const { pk } = useParams();
  const { identity } = useGetIdentity();
  const { data: u, error, isPending, refetch } = useGetOne<SchemaStaffUserDetails>('user-details', { id: Number(pk) });
  const back = { to: '/team', label: translate('atrium.team.details.back') };
  if (isPending) return <LoadingBlock />;
  if (error) {
    return (
      <MemberPage title={translate('atrium.team.details.title')} back={back}>
        <ErrorBlock error={error} onRetry={() => void refetch()} />
      </MemberPage>
    );
  }
  const name = `${u.first_name} ${u.last_name}`.trim();
  const mine = identity && u.responsible?.id === identity.id;
  return (
    <MemberPage
      title={name || translate('atrium.team.details.title')}
      back={back}
      heading={
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Avatar src={u.avatar ?? undefined} alt="" sx={{ width: 56, height: 56 }}>
            {u.first_name.slice(0, 1)}
          </Avatar>
          <Box>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
              {name}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
              <StatusChip status={u.status} />
              {u.is_partner && <Chip size="small" label={translate(detailsLabel('is_partner'))} />}
            </Stack>
          </Box>
        </Stack>
      }
      actions={mine ? <RejectButton userId={u.id} name={name} /> : undefined}
    >
      <Stack spacing={2}>
        <Card variant="outlined">
          <CardContent>
            <Section title={translate('atrium.team.details.contact')}>
              <Box sx={DETAILS_GRID}>
                <DetailsField label={translate(detailsLabel('email'))}>{u.email}</DetailsField>
                <DetailsField label={translate(detailsLabel('phone'))}>{fmtPhone(u.phone)}</DetailsField>
                <DetailsField label={translate(detailsLabel('city'))}>{u.city}</DetailsField>
                <DetailsField label={translate(detailsLabel('country'))}>{countryName(u.country, locale)}</DetailsField>
                <DetailsField label={translate(detailsLabel('date_birth'))}>
                  {u.date_birth ? fmtDate(u.date_birth, 'UTC') : ''}
                </DetailsField>
                <DetailsField label={translate(detailsLabel('time_zone'))}>
                  {fmtTimeZone(u.time_zone, locale)}
                </DetailsField>
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
                <DetailsField label={translate(detailsLabel('tags'))}>
                  {u.tags.map((t) => t.name).join(', ')}
                </DetailsField>
                <DetailsField label={translate(detailsLabel('groups'))}>
                  {u.groups.map((g) => g.name).join(', ')}
                </DetailsField>
                <DetailsField label={translate(detailsLabel('date_joined'))}>{fmtDate(u.date_joined, tz)}</DetailsField>
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
                <DetailsField label={translate(detailsLabel('total'))}>
                  {fmtMoney(u.donations.total, locale)}
                </DetailsField>
                <DetailsField label={translate(detailsLabel('count'))}>{String(u.donations.count)}</DetailsField>
              </Box>
            </Section>
          </CardContent>
        </Card>
        <CompletedTasks userId={u.id} />
      </Stack>
    </MemberPage>
  );
}
