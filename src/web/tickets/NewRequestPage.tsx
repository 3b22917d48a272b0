import { useState } from 'react';
import { Alert, Button, Card, CardContent, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { Loading, useDataProvider, useTranslate } from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { SchemaTicketType } from '../../api/schema';
import { errorText, fieldErrorsOf } from '../common/errors';
import type { AtriumDataProvider } from '../providers/data';
import { useQuery } from '../providers/data/query';
import { useTicketChoices } from '../providers/data/ticketsHooks';
import { TicketMessages } from './TicketMessages';
import { MemberPage } from '../common/MemberPage';

/**
 * /user/new-request/:ticketId — "new" opens the form; a ticket's id shows that request with its
 * status and conversation (right after sending, and from links later).
 */
export default function NewRequestPage() {
  const translate = useTranslate();
  const { ticketId } = useParams();
  const id = ticketId && /^\d+$/.test(ticketId) ? Number(ticketId) : null;
  const choices = useTicketChoices('member');
  return (
    <MemberPage title={translate('atrium.tickets.request.title')} maxWidth={760}>
      {id === null ? (
        <RequestForm types={choices.data?.types ?? []} />
      ) : (
        <RequestView id={id} statuses={choices.data?.statuses ?? []} />
      )}
    </MemberPage>
  );
}

function RequestForm({ types }: { types: { value: SchemaTicketType; label: string }[] }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const [type, setType] = useState<SchemaTicketType | ''>('');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const e: Record<string, string> = {};
    const fill = translate('atrium.tasks.fill_field');
    if (!type) e.type = fill;
    if (!subject.trim()) e.subject = fill;
    if (!message.trim()) e.message = fill;
    setErrors(e);
    if (Object.keys(e).length) return;
    setBusy(true);
    try {
      const ticket = await dataProvider.createMyTicket({ type: type as SchemaTicketType, subject, message });
      void navigate(`/user/new-request/${ticket.id}`);
    } catch (err) {
      const fields = fieldErrorsOf(err);
      setErrors(Object.keys(fields).length ? fields : { non_field_errors: errorText(err, translate) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('atrium.tickets.request.heading')}
        </Typography>
        <Stack
          component="form"
          noValidate
          spacing={2}
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <TextField
            select
            required
            name="type"
            label={translate('atrium.tickets.request.type')}
            value={type}
            onChange={(e) => {
              setType(e.target.value as SchemaTicketType);
            }}
            error={Boolean(errors.type)}
            helperText={errors.type}
          >
            {types.map((t) => (
              <MenuItem key={t.value} value={t.value}>
                {t.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            required
            name="subject"
            label={translate('atrium.tickets.request.subject')}
            value={subject}
            onChange={(e) => {
              setSubject(e.target.value);
            }}
            error={Boolean(errors.subject)}
            helperText={errors.subject}
          />
          <TextField
            required
            multiline
            minRows={4}
            name="message"
            label={translate('atrium.tickets.request.message')}
            value={message}
            onChange={(e) => {
              setMessage(e.target.value);
            }}
            error={Boolean(errors.message)}
            helperText={errors.message ?? errors.non_field_errors}
          />
          <Button type="submit" variant="contained" disabled={busy} sx={{ alignSelf: 'flex-start' }}>
            {translate('atrium.tickets.request.submit')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

function RequestView({ id, statuses }: { id: number; statuses: { value: string; label: string }[] }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const ticket = useQuery({ queryKey: ['tickets', 'mine', id], queryFn: () => dataProvider.getMyTicket(id) });
  if (ticket.isPending) return <Loading />;
  if (!ticket.data) return <Alert severity="warning">{translate('atrium.tickets.not_found')}</Alert>;
  const t = ticket.data;
  const status = (s: string) => statuses.find((x) => x.value === s)?.label ?? s;
  return (
    <Stack spacing={2}>
      <Alert severity="success" data-testid="request-sent">
        {translate('atrium.tickets.request.sent', { id: t.id })}
      </Alert>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2">
            #{t.id} {t.subject} <Chip size="small" label={status(t.status)} sx={{ ml: 1 }} />
          </Typography>
          {t.rejection_reason && (
            <Alert severity="warning" sx={{ mt: 1 }}>
              {t.rejection_reason}
            </Alert>
          )}
          <Typography variant="subtitle2" sx={{ mt: 2 }}>
            {translate('atrium.tickets.request.conversation')}
          </Typography>
          <TicketMessages messages={t.messages} statusLabel={status} />
        </CardContent>
      </Card>
      <Button component={Link} to="/user/new-request/new" sx={{ alignSelf: 'flex-start' }}>
        {translate('atrium.tickets.request.another')}
      </Button>
    </Stack>
  );
}
