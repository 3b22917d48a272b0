import { List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { SchemaTicketMessage } from '../../../api/schema';
import { fmtDateTime, useTimeZone } from '../../common/format';

/** The conversation of a ticket, oldest first; status changes name the new status; times in the profile's zone. */
export function TicketMessages({
  messages,
  statusLabel,
}: {
  messages: SchemaTicketMessage[];
  statusLabel: (s: string) => string;
}) {
  const translate = useTranslate();
  const tz = useTimeZone();
  return (
    <List dense data-testid="ticket-messages">
      {messages.map((m) => {
        const who = m.author ? `${m.author.first_name} ${m.author.last_name}` : translate('atrium.tickets.server');
        const text =
          m.kind === 'status_change'
            ? `→ ${statusLabel(m.status_to ?? '')}${m.message ? `: ${m.message}` : ''}`
            : m.message;
        return (
          <ListItem key={m.id} disableGutters alignItems="flex-start">
            <ListItemText
              primary={
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                  {text}
                </Typography>
              }
              secondary={`${translate(`atrium.tickets.kinds.${m.kind}`)} · ${who} · ${fmtDateTime(m.created_at, tz)}`}
            />
          </ListItem>
        );
      })}
    </List>
  );
}
