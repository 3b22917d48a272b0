import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import Check from '@mui/icons-material/Check';
import Close from '@mui/icons-material/Close';
import { Confirm, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { ApiError } from '../../../api/client';
import type { SchemaStaffPayment } from '../../../api/schema';
import { approvePayment, rejectPayment } from '../../providers/data/payments';

/** Approve (after a confirmation) or reject (with a reason) a pending manual donation. */
export function DecisionButtons() {
  const record = useRecordContext<SchemaStaffPayment>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [confirm, setConfirm] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  if (!record || !record.is_manual || record.state !== 'pending') return null;

  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      notify(done, { type: 'success' });
      setConfirm(false);
      setRejecting(false);
      refresh();
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) setError(err.fieldErrors.reason ?? Object.values(err.fieldErrors)[0]);
      else notify(err instanceof ApiError && err.status < 500 ? err.message : 'atrium.errors.server', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack direction="row" spacing={1} sx={{ my: 1 }}>
      <Button variant="contained" color="success" startIcon={<Check />} onClick={() => setConfirm(true)} data-testid="approve-payment">
        {translate('atrium.payments.staff.approve')}
      </Button>
      <Button variant="outlined" color="error" startIcon={<Close />} onClick={() => setRejecting(true)} data-testid="reject-payment">
        {translate('atrium.payments.staff.reject')}
      </Button>
      <Confirm
        isOpen={confirm}
        loading={busy}
        title="atrium.payments.staff.approve_confirm_title"
        content="atrium.payments.staff.approve_confirm"
        confirm="atrium.payments.staff.approve"
        onConfirm={() => void run(() => approvePayment(record.id), 'atrium.payments.staff.approved')}
        onClose={() => setConfirm(false)}
      />
      <Dialog open={rejecting} onClose={() => setRejecting(false)} fullWidth maxWidth="xs" aria-labelledby="reject-title">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!reason.trim()) return setError(translate('atrium.payments.donation.required'));
            void run(() => rejectPayment(record.id, reason.trim()), 'atrium.payments.staff.rejected');
          }}
        >
          <DialogTitle id="reject-title">{translate('atrium.payments.staff.reject_title')}</DialogTitle>
          <DialogContent>
            <TextField
              autoFocus
              fullWidth
              multiline
              minRows={2}
              margin="dense"
              label={translate('atrium.payments.staff.reject_reason')}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              error={!!error}
              helperText={error}
              slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'reject-reason' } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setRejecting(false)}>{translate('atrium.payments.donation.cancel')}</Button>
            <Button type="submit" color="error" variant="contained" disabled={busy} data-testid="confirm-reject">
              {translate('atrium.payments.staff.reject')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </Stack>
  );
}
