import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import type { Dayjs } from 'dayjs';
import { useNotify, useTranslate } from 'react-admin';
import type { SchemaStaffUserDetails } from '../../../../api/schema';
import { fieldErrorsOf, formErrors } from '../../../common/errors';
import { PICKER_FORMAT } from '../../../common/pickers';
import { useProviderMutation } from '../../../providers/data/providerHooks';
import { fullName } from './people';
import { contractRules } from '../../../../api/validators';

const L = (key: string) => `atrium.person.donations.${key}`;

/** Records a donation the person made outside the app (amount, when, a comment); the dialog's button is the confirmation. */
export function RecordDonationDialog({ person, onClose }: { person: SchemaStaffUserDetails; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [amount, setAmount] = useState('');
  const [paidAt, setPaidAt] = useState<Dayjs | null>(null);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const save = useProviderMutation('recordUserDonation', {
    onSuccess: (res) => {
      notify(res.detail, { type: 'success' });
      onClose();
    },
    onError: (err) => {
      setErrors(fieldErrorsOf(err));
      setAlert(formErrors(err, translate, ['amount', 'paid_at', 'comment']).alert);
    },
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="record-donation-title">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate([
            {
              user_id: person.id,
              amount: amount.trim().replace(',', '.'),
              ...(paidAt?.isValid() && { paid_at: paidAt.toISOString() }),
              ...(comment.trim() && { comment: comment.trim() }),
            },
          ]);
        }}
      >
        <DialogTitle id="record-donation-title">{translate(L('title'), { name: fullName(person) })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {alert && <Alert severity="error">{alert}</Alert>}
            <TextField
              label={translate(L('amount'))}
              value={amount}
              onChange={(e) => {
                setAmount(e.target.value);
              }}
              required
              error={!!errors.amount}
              helperText={errors.amount}
              slotProps={{
                htmlInput: { inputMode: 'decimal', maxLength: contractRules.RecordDonationRequest.amount.maxLength },
              }}
            />
            <DateTimePicker
              label={translate(L('paid_at'))}
              value={paidAt}
              onChange={setPaidAt}
              ampm={false}
              format={PICKER_FORMAT.dateTime}
              disableFuture
              slotProps={{ textField: { error: !!errors.paid_at, helperText: errors.paid_at } }}
            />
            <TextField
              label={translate(L('comment'))}
              value={comment}
              onChange={(e) => {
                setComment(e.target.value);
              }}
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: contractRules.RecordDonationRequest.comment.maxLength } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('atrium.person.actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!amount.trim() || save.isPending}>
            {translate(L('save'))}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
