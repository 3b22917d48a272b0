import { useState } from 'react';
import { Alert, Button, Card, CardContent, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { Loading, useNotify, useTranslate } from 'react-admin';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { SchemaTicketDetail, SchemaTicketType } from '../../../api/schema';
import { errorText, fieldErrorsOf } from '../../common/errors';
import { FailureState } from '../../common/Failure';
import { useGetDetail } from '../../providers/data/detail';
import { useCreateMyTicket, useReplyMyTicket, useTicketChoices } from '../../providers/data/ticketsHooks';
import { STATUS_COLORS } from './statusColors';
import { TicketMessages } from './TicketMessages';
import { MemberPage } from '../../common/MemberPage';

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
    <MemberPage
      title={
        id === null ? translate('atrium.tickets.request.title') : translate('atrium.tickets.my.request_title', { id })
      }
      back={{ to: '/support', label: translate('atrium.tickets.my.back') }}
      maxWidth={760}
    >
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
  const create = useCreateMyTicket();
  const [type, setType] = useState<SchemaTicketType | ''>('');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async () => {
    const e: Record<string, string> = {};
    const fill = translate('atrium.tasks.fill_field');
    if (!type) e.type = fill;
    if (!subject.trim()) e.subject = fill;
    if (!message.trim()) e.message = fill;
    setErrors(e);
    if (Object.keys(e).length) return;
    try {
      const ticket = await create.mutateAsync([{ type: type as SchemaTicketType, subject, message }]);
      void navigate(`/user/new-request/${String(ticket.id)}`, { state: { sent: true } });
    } catch (err) {
      const fields = fieldErrorsOf(err);
      setErrors(Object.keys(fields).length ? fields : { non_field_errors: errorText(err, translate) });
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
          <Button type="submit" variant="contained" disabled={create.isPending} sx={{ alignSelf: 'flex-start' }}>
            {translate('atrium.tickets.request.submit')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** What the member is told of their request's state: never "will answer soon" once it is closed. */
function StateNote({ ticket, sent }: { ticket: SchemaTicketDetail; sent: boolean }) {
  const translate = useTranslate();
  switch (ticket.status) {
    case 'new':
      return (
        <Alert severity={sent ? 'success' : 'info'} data-testid="request-sent">
          {sent ? translate('atrium.tickets.request.sent', { id: ticket.id }) : translate('atrium.tickets.my.waiting')}
        </Alert>
      );
    case 'in_progress':
      return (
        <Alert severity="info" data-testid="request-state">
          {translate('atrium.tickets.my.in_progress')}
        </Alert>
      );
    case 'rejected':
      return (
        <Alert severity="warning" data-testid="request-state">
          {translate('atrium.tickets.my.rejected')}
          {ticket.rejection_reason && (
            <> {translate('atrium.tickets.my.reason', { reason: ticket.rejection_reason })}</>
          )}
        </Alert>
      );
    case 'completed':
    case 'paid':
      return (
        <Alert severity="success" data-testid="request-state">
          {translate('atrium.tickets.my.completed')}
        </Alert>
      );
    default:
      return (
        <Alert severity="info" data-testid="request-state">
          {translate('atrium.tickets.my.closed')}
        </Alert>
      );
  }
}

const OPEN: readonly string[] = ['new', 'in_progress'];

/** The member's reply box under the conversation of an open request. */
function ReplyBox({ id }: { id: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const reply = useReplyMyTicket();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | undefined>();
  const send = () => {
    if (!message.trim()) {
      setError(translate('atrium.tasks.fill_field'));
      return;
    }
    reply.mutate([id, message], {
      onSuccess: () => {
        setMessage('');
        setError(undefined);
        notify('atrium.tickets.my.replied', { type: 'success' });
      },
      onError: (err) => {
        const fields = fieldErrorsOf(err);
        setError(fields.message ?? fields.non_field_errors ?? errorText(err, translate));
      },
    });
  };
  return (
    <Stack
      component="form"
      noValidate
      spacing={1}
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <TextField
        multiline
        minRows={3}
        name="reply"
        label={translate('atrium.tickets.my.reply')}
        value={message}
        onChange={(e) => {
          setMessage(e.target.value);
        }}
        error={Boolean(error)}
        helperText={error}
      />
      <Button type="submit" variant="contained" disabled={reply.isPending} sx={{ alignSelf: 'flex-start' }}>
        {translate('atrium.tickets.my.send_reply')}
      </Button>
    </Stack>
  );
}

function RequestView({ id, statuses }: { id: number; statuses: { value: string; label: string }[] }) {
  const translate = useTranslate();
  const location = useLocation();
  const ticket = useGetDetail<SchemaTicketDetail>('my-tickets', { id });
  if (ticket.isPending) return <Loading />;
  if (ticket.error) {
    return (
      <FailureState
        error={ticket.error}
        onRetry={() => {
          void ticket.refetch();
        }}
      />
    );
  }
  const t = ticket.data;
  const status = (s: string) => statuses.find((x) => x.value === s)?.label ?? s;
  const sent = (location.state as { sent?: boolean } | null)?.sent === true;
  return (
    <Stack spacing={2}>
      <StateNote ticket={t} sent={sent} />
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2">
            #{t.id} {t.subject}{' '}
            <Chip
              size="small"
              color={STATUS_COLORS[t.status]}
              label={status(t.status)}
              sx={{ ml: 1 }}
              data-testid="request-status"
            />
          </Typography>
          <Typography variant="subtitle2" sx={{ mt: 2 }}>
            {translate('atrium.tickets.request.conversation')}
          </Typography>
          <TicketMessages messages={t.messages} statusLabel={status} />
          {OPEN.includes(t.status) && <ReplyBox id={t.id} />}
        </CardContent>
      </Card>
      <Stack direction="row" spacing={1}>
        <Button component={Link} to="/support">
          {translate('atrium.tickets.my.back')}
        </Button>
        <Button component={Link} to="/user/new-request/new">
          {translate('atrium.tickets.request.another')}
        </Button>
      </Stack>
    </Stack>
  );
}
