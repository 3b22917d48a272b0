import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { Form, TextInput, useNotify, useTranslate } from 'react-admin';
import { useFormState, useWatch } from 'react-hook-form';
import type { SchemaStaffUserDetails } from '../../../../api/schema';
import { contractRules, validatorsFor } from '../../../../api/validators';
import { submissionErrors, useFormAlert } from '../../../common/errors';
import { InstantInput } from '../../../common/inputs';
import { trimmed } from '../../../common/trimmed';
import { useProviderMutation } from '../../../providers/data/providerHooks';
import { fullName } from './people';

const L = (key: string) => `atrium.person.donations.${key}`;
const rules = validatorsFor('RecordDonationRequest');
const amountRules = trimmed(rules.amount);
type Values = { amount?: string; paid_at?: string | null; comment?: string };

function FormProblem() {
  const alert = useFormAlert();
  return alert ? <Alert severity="error">{alert}</Alert> : null;
}

/** Saving waits for an amount (the button stays off until one is typed). */
function SaveButton({ label }: { label: string }) {
  const amount = useWatch<Values, 'amount'>({ name: 'amount' });
  const { isSubmitting } = useFormState();
  return (
    <Button type="submit" variant="contained" disabled={!amount?.trim() || isSubmitting}>
      {label}
    </Button>
  );
}

/** Records a donation the person made outside the app (amount, when, a comment); the dialog's button is the confirmation. */
export function RecordDonationDialog({ person, onClose }: { person: SchemaStaffUserDetails; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const save = useProviderMutation('recordUserDonation');
  const submit = async ({ amount = '', paid_at, comment = '' }: Values) => {
    try {
      const res = await save.mutateAsync([
        {
          user_id: person.id,
          amount: amount.trim().replace(',', '.'),
          ...(paid_at && { paid_at }),
          ...(comment.trim() && { comment: comment.trim() }),
        },
      ]);
      notify(res.detail, { type: 'success' });
      onClose();
      return undefined;
    } catch (err) {
      return submissionErrors(err, translate, ['amount', 'paid_at', 'comment']);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="record-donation-title">
      <Form<Values> onSubmit={submit} noValidate disableInvalidFormNotification>
        <DialogTitle id="record-donation-title">{translate(L('title'), { name: fullName(person) })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormProblem />
            <TextInput
              source="amount"
              label={L('amount')}
              validate={amountRules}
              helperText={false}
              slotProps={{
                htmlInput: { inputMode: 'decimal', maxLength: contractRules.RecordDonationRequest.amount.maxLength },
              }}
            />
            <InstantInput source="paid_at" label={L('paid_at')} helperText={false} disableFuture />
            <TextInput
              source="comment"
              label={L('comment')}
              multiline
              minRows={2}
              validate={rules.comment}
              helperText={false}
              slotProps={{ htmlInput: { maxLength: contractRules.RecordDonationRequest.comment.maxLength } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('atrium.person.actions.cancel')}</Button>
          <SaveButton label={translate(L('save'))} />
        </DialogActions>
      </Form>
    </Dialog>
  );
}
