import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import Check from '@mui/icons-material/Check';
import Close from '@mui/icons-material/Close';
import { Confirm, useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { SchemaStaffPayment } from '../../../api/schema';
import { contractRules } from '../../../api/validators';
import { fieldErrorsOf, useNotifyError } from '../../common/errors';
import { useProviderMutation } from '../../providers/data/providerHooks';

/** Approve (after a confirmation) or reject (with a reason) a pending manual donation. */
export function DecisionButtons() {
  const record = useRecordContext<SchemaStaffPayment>();
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [confirm, setConfirm] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  // Both methods read every list again before the toast.
  const decided = (message: string) => () => {
    notify(message, { type: 'success' });
    setConfirm(false);
    setRejecting(false);
  };
  const onError = (err: Error) => {
    // A 400 is the reason's own error (shown under the field); others are the server's sentence.
    const fields = fieldErrorsOf(err);
    const message = fields.reason ?? Object.values(fields)[0];
    if (message) setError(message);
    else notifyError(err);
  };
  const approve = useProviderMutation('approvePayment', {
    onSuccess: decided('atrium.payments.staff.approved'),
    onError,
  });
  const reject = useProviderMutation('rejectPayment', {
    onSuccess: decided('atrium.payments.staff.rejected'),
    onError,
  });
  const busy = approve.isPending || reject.isPending;
  if (!record || !record.is_manual || record.state !== 'pending') return null;

  return (
    <Stack direction="row" spacing={1} sx={{ my: 1 }}>
      <Button
        variant="contained"
        color="success"
        startIcon={<Check />}
        onClick={() => {
          setConfirm(true);
        }}
        data-testid="approve-payment"
      >
        {translate('atrium.payments.staff.approve')}
      </Button>
      <Button
        variant="outlined"
        color="error"
        startIcon={<Close />}
        onClick={() => {
          setRejecting(true);
        }}
        data-testid="reject-payment"
      >
        {translate('atrium.payments.staff.reject')}
      </Button>
      <Confirm
        isOpen={confirm}
        loading={busy}
        title="atrium.payments.staff.approve_confirm_title"
        content="atrium.payments.staff.approve_confirm"
        confirm="atrium.payments.staff.approve"
        onConfirm={() => {
          approve.mutate([record.id]);
        }}
        onClose={() => {
          setConfirm(false);
        }}
      />
      <Dialog
        open={rejecting}
        onClose={() => {
          setRejecting(false);
        }}
        fullWidth
        maxWidth="xs"
        aria-labelledby="reject-title"
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!reason.trim()) {
              setError(translate('atrium.payments.donation.required'));
              return;
            }
            reject.mutate([record.id, reason.trim()]);
          }}
        >
          <DialogTitle id="reject-title">{translate('atrium.payments.staff.reject_title')}</DialogTitle>
          <DialogContent>
            <TextField
              // eslint-disable-next-line jsx-a11y/no-autofocus -- a modal dialog moves focus to its first field (WAI-ARIA dialog pattern)
              autoFocus
              fullWidth
              multiline
              minRows={2}
              margin="dense"
              label={translate('atrium.payments.staff.reject_reason')}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
              }}
              error={!!error}
              helperText={error}
              slotProps={{
                htmlInput: {
                  maxLength: contractRules.PaymentRejectRequest.reason.maxLength,
                  'data-testid': 'reject-reason',
                },
              }}
            />
          </DialogContent>
          <DialogActions>
            <Button
              onClick={() => {
                setRejecting(false);
              }}
            >
              {translate('atrium.payments.donation.cancel')}
            </Button>
            <Button type="submit" color="error" variant="contained" disabled={busy} data-testid="confirm-reject">
              {translate('atrium.payments.staff.reject')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </Stack>
  );
}
