import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Stack,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import {
  Confirm,
  Form,
  FormDataConsumer,
  Loading,
  TextInput,
  useNotify,
  useRefresh,
  useTranslate,
  useUpdate,
} from 'react-admin';
import type { SchemaTicketDetail } from '../../../api/schema';
import { errorText } from '../../common/errors';
import { useGetDetail } from '../../providers/data/detail';
import { useSendTicketTelegram } from './hooks';
import { TicketMessages } from './TicketMessages';
import type { TicketLabels } from './TicketsPage';

const FINAL = ['completed', 'canceled', 'paid', 'rejected'];
type Values = { comment?: string; telegram?: string; reason?: string };
const filled = (v: string | undefined) => Boolean(v?.trim());

/** One ticket: its conversation and what the consultant can do with it now. */
export function TicketDialog({ id, onClose, labels }: { id: number; onClose: () => void; labels: TicketLabels }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const fullScreen = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const { data: ticket, isPending, error: loadError, refetch } = useGetDetail<SchemaTicketDetail>('tickets', { id });
  const [update, { isPending: saving }] = useUpdate<SchemaTicketDetail>();
  const telegram = useSendTicketTelegram();
  const [rejecting, setRejecting] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A new form after each action empties what was sent.
  const [formKey, setFormKey] = useState(0);
  // The new form takes the place of the button that was pressed: focus goes to its Close button, so the
  // keyboard stays in the dialog (Escape closes it; before, focus fell to the page and Escape did nothing).
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (formKey > 0) closeButton.current?.focus();
  }, [formKey]);
  const done = (message: string) => {
    notify(message, { type: 'success' });
    setFormKey((k) => k + 1);
    setRejecting(false);
    // The ticket, the list and the tab counts are read again.
    refresh();
  };

  const act = (data: Record<string, unknown>, message = 'atrium.tickets.updated') => {
    setError(null);
    void update(
      'tickets',
      { id, data, previousData: ticket },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          done(message);
        },
        onError: (err) => {
          setError(errorText(err, translate));
        },
      },
    );
  };
  const send = (message: string) => {
    setError(null);
    telegram.mutate([id, message], {
      onSuccess: () => {
        done('atrium.tickets.sent');
      },
      onError: (err) => {
        setError(errorText(err, translate));
      },
    });
  };

  if (loadError) {
    return (
      <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="ticket-title">
        <DialogTitle id="ticket-title">#{id}</DialogTitle>
        <DialogContent>
          <Alert severity="error" data-testid="ticket-error">
            {errorText(loadError, translate)}
          </Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => void refetch()}>{translate('atrium.staff.try_again')}</Button>
          <Button onClick={onClose}>{translate('atrium.tickets.close')}</Button>
        </DialogActions>
      </Dialog>
    );
  }
  const open = ticket && !FINAL.includes(ticket.status);
  // The detail says whether the bot can reach the member (the list's stand-in record does not: assumed yes).
  const reachable = ticket?.member_telegram_linked !== false;
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="md" aria-labelledby="ticket-title">
      {isPending ? (
        <DialogContent>
          <Loading />
        </DialogContent>
      ) : (
        <Form<Values> key={formKey} noValidate onSubmit={() => undefined}>
          <DialogTitle id="ticket-title">
            #{ticket.id} {ticket.subject}{' '}
            <Chip size="small" label={labels.status(ticket.status)} data-testid="ticket-status" sx={{ ml: 1 }} />
          </DialogTitle>
          <DialogContent dividers>
            <Typography variant="body2" color="text.secondary">
              {labels.type(ticket.type)} · {ticket.user.first_name} {ticket.user.last_name}
              {ticket.consultant && ` · ${ticket.consultant.first_name} ${ticket.consultant.last_name}`}
            </Typography>
            {ticket.rejection_reason && (
              <Alert severity="warning" sx={{ mt: 1 }}>
                {ticket.rejection_reason}
              </Alert>
            )}
            <TicketMessages messages={ticket.messages} statusLabel={labels.status} />
            {error && (
              <Alert severity="error" sx={{ my: 1 }} data-testid="ticket-error">
                {error}
              </Alert>
            )}
            <FormDataConsumer<Values>>
              {({ formData }) =>
                open &&
                ticket.status === 'in_progress' && (
                  <Stack spacing={1} sx={{ mt: 1 }}>
                    <Divider />
                    <TextInput
                      multiline
                      minRows={2}
                      source="comment"
                      label="atrium.tickets.comment"
                      helperText={false}
                    />
                    <Stack direction="row" spacing={1}>
                      <Button
                        disabled={!filled(formData.comment) || saving}
                        onClick={() => {
                          act({ action: 'update', comment: formData.comment });
                        }}
                      >
                        {translate('atrium.tickets.add_comment')}
                      </Button>
                    </Stack>
                    <TextInput
                      multiline
                      minRows={2}
                      source="telegram"
                      label="atrium.tickets.telegram_text"
                      disabled={!reachable}
                      // Why the field and its button are off: the member has not linked Telegram.
                      helperText={reachable ? false : 'atrium.tickets.telegram_not_linked'}
                    />
                    <Stack direction="row" spacing={1}>
                      <Button
                        disabled={!reachable || !filled(formData.telegram) || telegram.isPending}
                        onClick={() => {
                          send(formData.telegram ?? '');
                        }}
                      >
                        {translate('atrium.tickets.telegram')}
                      </Button>
                    </Stack>
                  </Stack>
                )
              }
            </FormDataConsumer>
            {rejecting && (
              <TextInput
                multiline
                minRows={2}
                sx={{ mt: 2 }}
                source="reason"
                label="atrium.tickets.reason"
                helperText={false}
              />
            )}
          </DialogContent>
          <FormDataConsumer<Values>>
            {({ formData }) => (
              <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
                {ticket.status === 'new' && (
                  <Button
                    variant="contained"
                    disabled={saving}
                    onClick={() => {
                      act({ action: 'take' }, 'atrium.tickets.taken');
                    }}
                  >
                    {translate('atrium.tickets.take')}
                  </Button>
                )}
                {ticket.status === 'in_progress' && (
                  <>
                    <Button
                      variant="contained"
                      disabled={saving}
                      onClick={() => {
                        act({ action: 'complete', comment: formData.comment || undefined });
                      }}
                    >
                      {translate('atrium.tickets.complete')}
                    </Button>
                    {ticket.type === 'payout' && (
                      <Button
                        disabled={saving}
                        onClick={() => {
                          act({ action: 'mark_paid' });
                        }}
                      >
                        {translate('atrium.tickets.mark_paid')}
                      </Button>
                    )}
                    <Button
                      color="error"
                      disabled={saving}
                      onClick={() => {
                        setConfirmCancel(true);
                      }}
                    >
                      {translate('atrium.tickets.cancel')}
                    </Button>
                  </>
                )}
                {open && (
                  <Button
                    color="error"
                    disabled={saving || (rejecting && !filled(formData.reason))}
                    onClick={() => {
                      if (rejecting) act({ action: 'reject', reason: formData.reason });
                      else setRejecting(true);
                    }}
                  >
                    {translate('atrium.tickets.reject')}
                  </Button>
                )}
                <Button ref={closeButton} onClick={onClose}>
                  {translate('atrium.tickets.close')}
                </Button>
              </DialogActions>
            )}
          </FormDataConsumer>
          <Confirm
            isOpen={confirmCancel}
            title="atrium.tickets.cancel"
            content="atrium.tickets.confirm_cancel"
            onConfirm={() => {
              setConfirmCancel(false);
              act({ action: 'cancel' });
            }}
            onClose={() => {
              setConfirmCancel(false);
            }}
          />
        </Form>
      )}
    </Dialog>
  );
}
