import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import Check from '@mui/icons-material/Check';
import Close from '@mui/icons-material/Close';
import { Confirm, Form, TextInput, useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { SchemaStaffPayment } from '../../../api/schema';
import { contractRules, validatorsFor } from '../../../api/validators';
import { fieldErrorsOf, useNotifyError } from '../../common/errors';
import { trimmed } from '../../common/trimmed';
import { useProviderMutation } from '../../providers/data/providerHooks';

// A reason is needed, in the donation form's words; its length is the contract's.
const reasonRules = trimmed(
  validatorsFor('PaymentRejectRequest', { reason: { presence: 'atrium.payments.donation.required' } }).reason,
);

/** Approve (after a confirmation) or reject (with a reason) a pending manual donation. */
export function DecisionButtons() {
  const record = useRecordContext<SchemaStaffPayment>();
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [confirm, setConfirm] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  // Both methods read every list again before the toast.
  const decided = (message: string) => () => {
    notify(message, { type: 'success' });
    setConfirm(false);
    setRejecting(false);
  };
  const approve = useProviderMutation('approvePayment', {
    onSuccess: decided('atrium.payments.staff.approved'),
    onError: (err) => {
      notifyError(err);
    },
  });
  const reject = useProviderMutation('rejectPayment', { onSuccess: decided('atrium.payments.staff.rejected') });
  const submitReject = async ({ reason = '' }: { reason?: string }) => {
    if (!record) return undefined;
    try {
      await reject.mutateAsync([record.id, reason.trim()]);
      return undefined;
    } catch (err) {
      // A 400 is the reason's own error (shown under the field); others are the server's sentence.
      const fields = fieldErrorsOf(err);
      const message = fields.reason ?? Object.values(fields)[0];
      if (message) return { reason: message };
      notifyError(err);
      return undefined;
    }
  };
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
        <Form onSubmit={submitReject} noValidate disableInvalidFormNotification>
          <DialogTitle id="reject-title">{translate('atrium.payments.staff.reject_title')}</DialogTitle>
          <DialogContent>
            <TextInput
              source="reason"
              // eslint-disable-next-line jsx-a11y/no-autofocus -- a modal dialog moves focus to its first field (WAI-ARIA dialog pattern)
              autoFocus
              fullWidth
              multiline
              minRows={2}
              margin="dense"
              label="atrium.payments.staff.reject_reason"
              validate={reasonRules}
              helperText={false}
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
        </Form>
      </Dialog>
    </Stack>
  );
}
