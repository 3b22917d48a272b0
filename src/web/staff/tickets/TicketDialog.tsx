import { useState } from 'react';
import { Alert, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Divider, Stack, TextField, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Confirm, Loading, useGetOne, useNotify, useTranslate, useUpdate } from 'react-admin';
import type { SchemaTicketDetail } from '../../../api/schema';
import { sendTelegram } from '../../providers/data/tickets';
import { TicketMessages } from './TicketMessages';

type Labels = { status: (s: string) => string; type: (s: string) => string };
const FINAL = ['completed', 'canceled', 'paid', 'rejected'];

/** One ticket: its conversation and what the consultant can do with it now. */
export function TicketDialog({ id, onClose, labels }: { id: number; onClose: () => void; labels: Labels }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const fullScreen = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const { data: ticket, isPending, refetch } = useGetOne<SchemaTicketDetail>('tickets', { id });
  const [update, { isPending: saving }] = useUpdate();
  const [comment, setComment] = useState('');
  const [telegram, setTelegram] = useState('');
  const [reason, setReason] = useState('');
  const [rejecting, setRejecting] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const act = (data: Record<string, unknown>, done = 'atrium.staff.tickets.updated') => {
    setError(null);
    update(
      'tickets',
      { id, data, previousData: ticket },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(done, { type: 'success' });
          setComment('');
          setRejecting(false);
          void refetch();
        },
        onError: (err) => setError((err as Error).message),
      },
    );
  };
  const send = async () => {
    setError(null);
    try {
      await sendTelegram(id, telegram);
      notify('atrium.staff.tickets.sent', { type: 'success' });
      setTelegram('');
      await refetch();
      await queryClient.invalidateQueries({ queryKey: ['tickets'] });
    } catch (err) {
      setError((err as Error).message);
    }
  };

  const open = ticket && !FINAL.includes(ticket.status);
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="md" aria-labelledby="ticket-title">
      {isPending || !ticket ? (
        <DialogContent><Loading /></DialogContent>
      ) : (
        <>
          <DialogTitle id="ticket-title">
            #{ticket.id} {ticket.subject}{' '}
            <Chip size="small" label={labels.status(ticket.status)} data-testid="ticket-status" sx={{ ml: 1 }} />
          </DialogTitle>
          <DialogContent dividers>
            <Typography variant="body2" color="text.secondary">
              {labels.type(ticket.type)} · {ticket.user.first_name} {ticket.user.last_name}
              {ticket.consultant && ` · ${ticket.consultant.first_name} ${ticket.consultant.last_name}`}
            </Typography>
            {ticket.rejection_reason && <Alert severity="warning" sx={{ mt: 1 }}>{ticket.rejection_reason}</Alert>}
            {/* The list's record (no messages) may stand in until the detail arrives. */}
            <TicketMessages messages={ticket.messages ?? []} statusLabel={labels.status} />
            {error && <Alert severity="error" sx={{ my: 1 }} data-testid="ticket-error">{error}</Alert>}
            {open && ticket.status === 'in_progress' && (
              <Stack spacing={1} sx={{ mt: 1 }}>
                <Divider />
                <TextField multiline minRows={2} name="comment" label={translate('atrium.staff.tickets.comment')} value={comment} onChange={(e) => setComment(e.target.value)} />
                <Stack direction="row" spacing={1}>
                  <Button disabled={!comment.trim() || saving} onClick={() => act({ action: 'update', comment })}>{translate('atrium.staff.tickets.add_comment')}</Button>
                </Stack>
                <TextField multiline minRows={2} name="telegram" label={translate('atrium.staff.tickets.telegram_text')} value={telegram} onChange={(e) => setTelegram(e.target.value)} />
                <Stack direction="row" spacing={1}>
                  <Button disabled={!telegram.trim()} onClick={send}>{translate('atrium.staff.tickets.telegram')}</Button>
                </Stack>
              </Stack>
            )}
            {rejecting && (
              <TextField autoFocus fullWidth multiline minRows={2} sx={{ mt: 2 }} name="reason" label={translate('atrium.staff.tickets.reason')} value={reason} onChange={(e) => setReason(e.target.value)} />
            )}
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            {ticket.status === 'new' && (
              <Button variant="contained" disabled={saving} onClick={() => act({ action: 'take' }, 'atrium.staff.tickets.taken')}>{translate('atrium.staff.tickets.take')}</Button>
            )}
            {ticket.status === 'in_progress' && (
              <>
                <Button variant="contained" disabled={saving} onClick={() => act({ action: 'complete', comment: comment || undefined })}>{translate('atrium.staff.tickets.complete')}</Button>
                {ticket.type === 'payout' && <Button disabled={saving} onClick={() => act({ action: 'mark_paid' })}>{translate('atrium.staff.tickets.mark_paid')}</Button>}
                <Button color="error" disabled={saving} onClick={() => setConfirmCancel(true)}>{translate('atrium.staff.tickets.cancel')}</Button>
              </>
            )}
            {open && (
              <Button color="error" disabled={saving || (rejecting && !reason.trim())} onClick={() => (rejecting ? act({ action: 'reject', reason }) : setRejecting(true))}>
                {translate('atrium.staff.tickets.reject')}
              </Button>
            )}
            <Button onClick={onClose}>{translate('atrium.staff.tickets.close')}</Button>
          </DialogActions>
          <Confirm
            isOpen={confirmCancel}
            title="atrium.staff.tickets.cancel"
            content="atrium.staff.tickets.confirm_cancel"
            onConfirm={() => { setConfirmCancel(false); act({ action: 'cancel' }); }}
            onClose={() => setConfirmCancel(false)}
          />
        </>
      )}
    </Dialog>
  );
}
