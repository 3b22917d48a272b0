import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import Check from '@mui/icons-material/Check';
import Close from '@mui/icons-material/Close';
import { Confirm, useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { SchemaStaffPayment } from '../../../api/schema';
import { contractRules } from '../../../api/validators';
import { fieldErrorsOf, useNotifyError } from '../../common/errors';
import type { AtriumDataProvider } from '../../providers/data';
import { useMutation } from '../../providers/data/query';

type Decision = { action: 'approve' } | { action: 'reject'; reason: string };

/** Approve (after a confirmation) or reject (with a reason) a pending manual donation. */
export function DecisionButtons() {
  const record = useRecordContext<SchemaStaffPayment>();
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const [confirm, setConfirm] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const decide = useMutation({
    mutationFn: (d: Decision & { id: number }) =>
      d.action === 'approve' ? dataProvider.approvePayment(d.id) : dataProvider.rejectPayment(d.id, d.reason),
    onSuccess: (_payment, d) => {
      notify(d.action === 'approve' ? 'atrium.payments.staff.approved' : 'atrium.payments.staff.rejected', {
        type: 'success',
      });
      setConfirm(false);
      setRejecting(false);
      refresh();
    },
    onError: (err: Error) => {
      // A 400 is the reason's own error (shown under the field); others are the server's sentence.
      const fields = fieldErrorsOf(err);
      const message = fields.reason ?? Object.values(fields)[0];
      if (message) setError(message);
      else notifyError(err);
    },
  });
  const busy = decide.isPending;
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
          decide.mutate({ id: record.id, action: 'approve' });
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
            decide.mutate({ id: record.id, action: 'reject', reason: reason.trim() });
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
