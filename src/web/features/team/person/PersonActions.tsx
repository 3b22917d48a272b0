import { Stack } from '@mui/material';
import type { SchemaStaffUserDetails } from '../../../../api/schema';
import { isStaffRole } from '../../access';
import { RejectButton } from '../RejectButton';
import { HandOverButton } from './HandOverButton';
import { InviteButton } from './InviteButton';
import { fullName } from './people';
import { ResetLinkButton } from './ResetLinkButton';

/** The actions on a person, each confirmed first and written to the action history by the server. */
export function PersonActions({ person, mine }: { person: SchemaStaffUserDetails; mine: boolean }) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <HandOverButton person={person} />
      {mine && <RejectButton userId={person.id} name={fullName(person)} />}
      {!isStaffRole(person.role) && <ResetLinkButton person={person} />}
      {/* An invitation is how someone who never signed in gets in; an active person has no use for one. */}
      {person.email && !person.last_login && <InviteButton person={person} />}
    </Stack>
  );
}
