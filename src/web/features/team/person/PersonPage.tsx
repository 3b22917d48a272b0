import { Avatar, Box, Chip, Stack, Typography } from '@mui/material';
import { useCanAccess, useGetIdentity, useGetOne, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { SchemaStaffUserDetails } from '../../../../api/schema';
import { FailureState } from '../../../common/Failure';
import { MemberPage } from '../../../common/MemberPage';
import { lazyScreen } from '../../../common/lazyScreen';
import { LoadingBlock } from '../../../common/States';
import { RejectButton } from '../RejectButton';
import { StatusChip } from '../StatusChip';
import { InvitationChip } from './InvitationChip';
import { PersonActions } from './PersonActions';
import { PersonDetails } from './PersonDetails';
import { fullName } from './people';

// The staff's tabs load with the page only for staff.
const PersonTabs = lazyScreen(() => import('./PersonTabs'));

/**
 * /user/view-details/{pk}, the one person page. Everyone who may see the person (a member: a user of
 * their structure) gets who they are and their place; staff (consultants, admins) also get who looks
 * after them, the invitation, the person's history and work in tabs, and the actions on them.
 */
export default function PersonPage() {
  const translate = useTranslate();
  const { pk } = useParams();
  const { identity } = useGetIdentity();
  const { canAccess: staff, isPending: accessPending } = useCanAccess({ action: 'show', resource: 'staff-tools' });
  const { data: u, error, isPending, refetch } = useGetOne<SchemaStaffUserDetails>('user-details', { id: Number(pk) });
  const back = { to: '/team', label: translate('atrium.person.back') };
  if (isPending || accessPending) return <LoadingBlock />;
  if (error) {
    return (
      <MemberPage title={translate('atrium.team.details.title')} back={back}>
        <FailureState error={error} subject="person" backTo="/team" onRetry={() => void refetch()} />
      </MemberPage>
    );
  }
  const name = fullName(u) || translate('atrium.team.details.title');
  const mine = !!identity && u.responsible?.id === identity.id;
  const actions = staff ? (
    <PersonActions person={u} mine={mine} />
  ) : mine ? (
    <RejectButton userId={u.id} name={fullName(u)} />
  ) : undefined;
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
              {staff && (
                <>
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
                </>
              )}
            </Stack>
          </Box>
        </Stack>
      }
      actions={actions}
    >
      {staff ? <PersonTabs person={u} /> : <PersonDetails person={u} />}
    </MemberPage>
  );
}
