import { Alert, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { Form, Loading, SelectInput, TextInput, useNotify, useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { SchemaTicketDetail, SchemaTicketType } from '../../../api/schema';
import { validatorsFor } from '../../../api/validators';
import { errorText, fieldErrorsOf, formErrors } from '../../common/errors';
import { ResetAfterSubmit } from '../../common/forms';
import { trimmed } from '../../common/trimmed';
import { FailureState } from '../../common/Failure';
import { useGetDetail } from '../../providers/data/detail';
import { useAsksSupport, useCreateMyTicket, useReplyMyTicket, useTicketChoices } from './hooks';
import { STATUS_COLORS } from './statusColors';
import { TicketMessages } from './TicketMessages';
import { MemberPage } from '../../common/MemberPage';

// An empty field says 'Fill this field' (the task form's words); the rest are the contract's limits.
const FILL = { presence: 'atrium.tasks.fill_field' };
const created = validatorsFor('TicketCreateRequest', { type: FILL, subject: FILL, message: FILL });
const requestRules = { type: created.type, subject: trimmed(created.subject), message: trimmed(created.message) };
const replyRules = trimmed(validatorsFor('TicketReplyRequest', { message: FILL }).message);

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

type RequestValues = { type?: SchemaTicketType; subject?: string; message?: string };

function RequestForm({ types }: { types: { value: SchemaTicketType; label: string }[] }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const create = useCreateMyTicket();
  const support = useAsksSupport();
  const submit = async ({ type, subject = '', message = '' }: RequestValues) => {
    if (!type) return undefined;
    try {
      const ticket = await create.mutateAsync([{ type, subject, message }]);
      void navigate(`/user/new-request/${String(ticket.id)}`, { state: { sent: true } });
      return undefined;
    } catch (err) {
      // What is about no field shows under the message, the form's last field.
      const { fields, alert } = formErrors(err, translate, ['type', 'subject', 'message']);
      return alert ? { ...fields, message: fields.message ?? alert } : fields;
    }
  };
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate(support ? 'atrium.tickets.request.heading_support' : 'atrium.tickets.request.heading')}
        </Typography>
        <Form<RequestValues> onSubmit={submit} noValidate disableInvalidFormNotification>
          <Stack spacing={2}>
            <SelectInput
              source="type"
              label="atrium.tickets.request.type"
              choices={types}
              optionValue="value"
              optionText="label"
              validate={requestRules.type}
              helperText={false}
            />
            <TextInput
              source="subject"
              label="atrium.tickets.request.subject"
              validate={requestRules.subject}
              helperText={false}
            />
            <TextInput
              multiline
              minRows={4}
              source="message"
              label="atrium.tickets.request.message"
              validate={requestRules.message}
              helperText={false}
            />
            <SubmitButton label={translate('atrium.tickets.request.submit')} />
          </Stack>
        </Form>
      </CardContent>
    </Card>
  );
}

function SubmitButton({ label }: { label: string }) {
  const { isSubmitting } = useFormState();
  return (
    <Button type="submit" variant="contained" disabled={isSubmitting} sx={{ alignSelf: 'flex-start' }}>
      {label}
    </Button>
  );
}

/**
 * What the member is told of their request's state: never "will answer soon" once it is closed, and
 * "support" rather than "a consultant" when the server routes it to the admins (no active consultant).
 */
function StateNote({ ticket, sent }: { ticket: SchemaTicketDetail; sent: boolean }) {
  const translate = useTranslate();
  const support = ticket.answered_by === 'support';
  switch (ticket.status) {
    case 'new':
      return (
        <Alert severity={sent ? 'success' : 'info'} data-testid="request-sent">
          {sent
            ? translate(support ? 'atrium.tickets.request.sent_support' : 'atrium.tickets.request.sent', {
                id: ticket.id,
              })
            : translate(support ? 'atrium.tickets.my.waiting_support' : 'atrium.tickets.my.waiting')}
        </Alert>
      );
    case 'in_progress':
      return (
        <Alert severity="info" data-testid="request-state">
          {translate(support ? 'atrium.tickets.my.in_progress_support' : 'atrium.tickets.my.in_progress')}
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
  const send = async ({ reply: message = '' }: { reply?: string }) => {
    try {
      await reply.mutateAsync([id, message]);
      notify('atrium.tickets.my.replied', { type: 'success' });
      return undefined;
    } catch (err) {
      const fields = fieldErrorsOf(err);
      return { reply: fields.message ?? fields.non_field_errors ?? errorText(err, translate) };
    }
  };
  return (
    <Form onSubmit={send} noValidate disableInvalidFormNotification>
      {/* A sent reply empties the box. */}
      <ResetAfterSubmit />
      <Stack spacing={1}>
        <TextInput
          multiline
          minRows={3}
          source="reply"
          label="atrium.tickets.my.reply"
          validate={replyRules}
          helperText={false}
        />
        <SubmitButton label={translate('atrium.tickets.my.send_reply')} />
      </Stack>
    </Form>
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
