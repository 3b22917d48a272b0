import { Avatar, Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useGetIdentity, useGetOne, useLocaleState, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { SchemaStaffUserDetails, SchemaUserBrief } from '../../../api/schema';
import { countryName } from '../../common/countries';
import { fmtDate, fmtMoney, useTimeZone } from '../../common/format';
import { MemberPage, Section } from '../../common/MemberPage';
import { ErrorBlock, LoadingBlock } from '../../common/States';
import { CompletedTasks } from './CompletedTasks';
import { RejectButton } from './RejectButton';
import { StatusChip } from './StatusChip';

const F = (key: string) => `atrium.team.details.fields.${key}`;

function Field({ label, children }: { label: string; children: React.ReactNode }) {
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

const GRID = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } } as const;
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
              {u.is_partner && <Chip size="small" label={translate(F('is_partner'))} />}
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
              <Box sx={GRID}>
                <Field label={translate(F('email'))}>{u.email}</Field>
                <Field label={translate(F('phone'))}>{u.phone}</Field>
                <Field label={translate(F('city'))}>{u.city}</Field>
                <Field label={translate(F('country'))}>{countryName(u.country, locale)}</Field>
                <Field label={translate(F('date_birth'))}>{u.date_birth ? fmtDate(u.date_birth, 'UTC') : ''}</Field>
                <Field label={translate(F('time_zone'))}>{u.time_zone}</Field>
              </Box>
            </Section>
            <Section title={translate('atrium.team.details.structure')}>
              <Box sx={GRID}>
                <Field label={translate(F('role'))}>{translate(`atrium.team.details.roles.${u.role}`)}</Field>
                <Field label={translate(F('referrer'))}>{briefName(u.referrer)}</Field>
                <Field label={translate(F('responsible'))}>{briefName(u.responsible)}</Field>
                <Field label={translate(F('referrals_count'))}>{String(u.referrals_count ?? 0)}</Field>
                <Field label={translate(F('tags'))}>{u.tags.map((t) => t.name).join(', ')}</Field>
                <Field label={translate(F('groups'))}>{u.groups.map((g) => g.name).join(', ')}</Field>
                <Field label={translate(F('date_joined'))}>{fmtDate(u.date_joined, tz)}</Field>
              </Box>
            </Section>
            <Section title={translate('atrium.team.details.donations')}>
              <Box sx={GRID}>
                <Field label={translate(F('current_month'))}>{fmtMoney(u.donations.current_month)}</Field>
                <Field label={translate(F('previous_month'))}>{fmtMoney(u.donations.previous_month)}</Field>
                <Field label={translate(F('total'))}>{fmtMoney(u.donations.total)}</Field>
                <Field label={translate(F('count'))}>{String(u.donations.count)}</Field>
              </Box>
            </Section>
          </CardContent>
        </Card>
        <CompletedTasks userId={u.id} />
      </Stack>
    </MemberPage>
  );
}
