import { useState } from 'react';
import { Avatar, Box, Card, Chip, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useGetIdentity, useGetOne, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { SchemaStaffUserDetails } from '../../../../api/schema';
import { MemberPage } from '../../../common/MemberPage';
import { FailureState } from '../../../common/Failure';
import { LoadingBlock } from '../../../common/States';
import { CompletedTasks } from '../CompletedTasks';
import { StatusChip } from '../StatusChip';
import { ContactTab } from './ContactTab';
import { DonationsTab } from './DonationsTab';
import { InvitationChip } from './InvitationChip';
import { PartnerTab } from './PartnerTab';
import { PersonActions } from './PersonActions';
import { fullName } from './people';
import { SettingsTab } from './SettingsTab';
import { TasksTab } from './TasksTab';
import { TicketsTab } from './TicketsTab';
import { TimelineTab } from './TimelineTab';

const TABS = ['timeline', 'tasks', 'donations', 'completed', 'tickets', 'settings', 'partner', 'contact'] as const;
type TabName = (typeof TABS)[number];

/** The staff person page: who the person is and who looks after them, their history and work, and the actions on them. */
export default function StaffPersonPage() {
  const translate = useTranslate();
  const { pk } = useParams();
  const { identity } = useGetIdentity();
  const [tab, setTab] = useState<TabName>('timeline');
  const { data: u, error, isPending, refetch } = useGetOne<SchemaStaffUserDetails>('user-details', { id: Number(pk) });
  const back = { to: '/team', label: translate('atrium.person.back') };
  if (isPending) return <LoadingBlock />;
  if (error) {
    return (
      <MemberPage title={translate('atrium.team.details.title')} back={back}>
        <FailureState error={error} subject="person" backTo="/team" onRetry={() => void refetch()} />
      </MemberPage>
    );
  }
  const name = fullName(u) || translate('atrium.team.details.title');
  const tabs = TABS.filter((t) => t !== 'partner' || u.is_partner);
  return (
    <MemberPage
      title={name}
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
            <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 0.5, flexWrap: 'wrap' }}>
              <StatusChip status={u.status} />
              {u.is_partner && <Chip size="small" label={translate('atrium.team.details.fields.is_partner')} />}
              <Chip
                size="small"
                variant="outlined"
                data-testid="person-responsible"
                label={
                  u.responsible
                    ? translate('atrium.person.responsible', { name: fullName(u.responsible) })
                    : translate('atrium.person.no_responsible')
                }
              />
              <InvitationChip invitation={u.invitation ?? null} />
            </Stack>
          </Box>
        </Stack>
      }
      actions={<PersonActions person={u} mine={!!identity && u.responsible?.id === identity.id} />}
    >
      <Card variant="outlined">
        <Tabs
          value={tab}
          onChange={(_e, v: TabName) => {
            setTab(v);
          }}
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {tabs.map((t) => (
            <Tab key={t} value={t} label={translate(`atrium.person.tabs.${t}`)} />
          ))}
        </Tabs>
        <Box sx={{ p: 2 }}>
          {tab === 'timeline' && <TimelineTab userId={u.id} />}
          {tab === 'tasks' && <TasksTab person={u} />}
          {tab === 'donations' && <DonationsTab person={u} />}
          {tab === 'completed' && <CompletedTasks userId={u.id} />}
          {tab === 'tickets' && <TicketsTab person={u} />}
          {tab === 'settings' && <SettingsTab person={u} />}
          {tab === 'partner' && <PartnerTab userId={u.id} />}
          {tab === 'contact' && <ContactTab person={u} />}
        </Box>
      </Card>
    </MemberPage>
  );
}
