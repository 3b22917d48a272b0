import { useState } from 'react';
import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { SchemaStaffInvitation } from '../../../../api/schema';
import { fmtDateTime, useTimeZone } from '../../../common/format';

/** Whether the person was invited, and whether they used the link (accepted) or let it expire. */
export function InvitationChip({ invitation }: { invitation: SchemaStaffInvitation | null }) {
  const translate = useTranslate();
  const tz = useTimeZone();
  // The page's moment of opening: an invitation that ran out meanwhile shows so on the next visit.
  const [now] = useState(() => Date.now());
  let label = translate('atrium.person.invitation.none');
  let color: 'default' | 'info' | 'success' | 'warning' = 'default';
  if (invitation?.used_at) {
    label = translate('atrium.person.invitation.used', { date: fmtDateTime(invitation.used_at, tz) });
    color = 'success';
  } else if (invitation && Date.parse(invitation.expires_at) < now) {
    label = translate('atrium.person.invitation.expired', { date: fmtDateTime(invitation.expires_at, tz) });
    color = 'warning';
  } else if (invitation) {
    label = translate('atrium.person.invitation.sent', { date: fmtDateTime(invitation.sent_at, tz) });
    color = 'info';
  }
  return <Chip size="small" variant="outlined" color={color} label={label} data-testid="person-invitation" />;
}
