import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
  useMediaQuery,
  type ButtonProps,
  type Theme,
} from '@mui/material';
import AttachFile from '@mui/icons-material/AttachFile';
import VolunteerActivism from '@mui/icons-material/VolunteerActivism';
import dayjs from 'dayjs';
import {
  Form,
  InputHelperText,
  SelectInput,
  TextInput,
  useInput,
  useLocaleState,
  useNotify,
  useTranslate,
  type Validator,
} from 'react-admin';
import { useFormState, useWatch } from 'react-hook-form';
import type { SchemaPaymentMethod } from '../../../../api/schema';
import { contractRules, validatorsFor } from '../../../../api/validators';
import { fieldErrorsOf, submissionErrors, useFormAlert, useNotifyError } from '../../../common/errors';
import { fmtMoney } from '../../../common/format';
import { InstantInput } from '../../../common/inputs';
import { trimmed } from '../../../common/trimmed';
import { useConfigs } from '../../learning/hooks';
import { useProviderMutation, useProviderQuery } from '../../../providers/data/providerHooks';

// The contract's limits of a donation's typed fields (the same for online and manual donations).
const limits = contractRules.ManualDonationRequest;
const REQUIRED = { presence: 'atrium.payments.donation.required' };
const contract = validatorsFor('ManualDonationRequest', {
  amount: REQUIRED,
  payment_method: REQUIRED,
  payment_datetime: REQUIRED,
});
const checkRequired: Validator = (value) => (value instanceof File ? undefined : 'atrium.payments.donation.required');
type Values = {
  amount?: string | null;
  payment_method?: number | '';
  payment_datetime?: string | null;
  check?: File | null;
  comment?: string | null;
};
const FIELDS = ['amount', 'payment_method', 'payment_datetime', 'check', 'comment'];

/** Cents as the API writes money ("5.00"). */
const centsText = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** An amount the member typed ("2", "2.5") that is a number below the minimum; anything else the server judges. */
function belowMinimum(text: string, minCents: number): boolean {
  if (!/^\d+(\.\d{1,2})?$/.test(text.trim())) return false;
  const cents = Math.round(Number(text.trim()) * 100);
  return cents > 0 && cents < minCents;
}

/**
 * The configured minimum, checked here with the server's words (it checks it again), and the amount
 * field's hint, which states it before anyone types.
 */
function useMinimum(): { rule: Validator; hint: string } {
  const [locale] = useLocaleState();
  const translate = useTranslate();
  const configs = useConfigs();
  const minConfig = configs.data?.configs['donations.min_amount'];
  const minCents = typeof minConfig === 'number' && minConfig > 0 ? Math.round(minConfig * 100) : 0;
  return useMemo(() => {
    const amount = fmtMoney(centsText(minCents), locale);
    return {
      rule: (value: unknown) =>
        typeof value === 'string' && belowMinimum(value, minCents)
          ? { message: 'atrium.payments.donation.min_amount', args: { amount } }
          : undefined,
      hint: minCents
        ? translate('atrium.payments.donation.amount_hint_min', { amount })
        : translate('atrium.payments.donation.amount_hint'),
    };
  }, [minCents, locale, translate]);
}

/** The payment's check (an image or a PDF), held by the form as the chosen file. */
function CheckInput() {
  const translate = useTranslate();
  const { field, fieldState } = useInput({
    source: 'check',
    validate: checkRequired,
    format: (v: unknown) => v,
    parse: (v: unknown) => v,
  });
  const file = field.value instanceof File ? field.value : null;
  const error = fieldState.invalid ? fieldState.error?.message : undefined;
  return (
    <Stack spacing={0.5}>
      <Button component="label" variant="outlined" startIcon={<AttachFile />} sx={{ alignSelf: 'flex-start' }}>
        {file ? file.name : translate('atrium.payments.donation.choose_file')}
        <input
          hidden
          type="file"
          name={field.name}
          accept="image/jpeg,image/png,image/webp,application/pdf"
          onChange={(e) => {
            field.onChange(e.target.files?.[0] ?? null);
          }}
          data-testid="donation-check"
          aria-label={translate('atrium.payments.donation.check')}
        />
      </Button>
      <Typography variant="caption" color={error ? 'error' : 'text.secondary'} role={error ? 'alert' : undefined}>
        {error ? (
          <InputHelperText error={error} />
        ) : (
          `${translate('atrium.payments.donation.check')}: ${translate('atrium.payments.donation.check_hint')}`
        )}
      </Typography>
    </Stack>
  );
}

/** A manual method's instructions, the payment's date and time and its check. */
function ManualFields({ method }: { method: SchemaPaymentMethod }) {
  const translate = useTranslate();
  return (
    <>
      {method.instructions && (
        <Alert severity="info" icon={false}>
          <Typography variant="subtitle2">{translate('atrium.payments.donation.instructions')}</Typography>
          {method.instructions}
        </Alert>
      )}
      {/* When the member paid: picked in their profile's zone, sent as an instant. */}
      <InstantInput
        source="payment_datetime"
        label="atrium.payments.donation.datetime"
        validate={contract.payment_datetime}
        helperText={false}
        disableFuture
      />
      <CheckInput />
    </>
  );
}

function FormProblem() {
  const alert = useFormAlert();
  return alert ? <Alert severity="error">{alert}</Alert> : null;
}

/** The payment method chosen in the form. */
function useChosenMethod(methods: readonly SchemaPaymentMethod[] | undefined) {
  const id = useWatch<Values, 'payment_method'>({ name: 'payment_method' });
  return methods?.find((m) => m.id === id);
}

/** Pays online or sends the manual donation, as the chosen method asks. */
function SubmitButton({ methods }: { methods: readonly SchemaPaymentMethod[] | undefined }) {
  const translate = useTranslate();
  const method = useChosenMethod(methods);
  const { isSubmitting } = useFormState();
  return (
    <Button type="submit" variant="contained" disabled={isSubmitting} data-testid="donation-submit">
      {method?.kind === 'manual'
        ? translate('atrium.payments.donation.send_manual')
        : translate('atrium.payments.donation.pay_online')}
    </Button>
  );
}

function ChosenMethodFields({ methods }: { methods: readonly SchemaPaymentMethod[] | undefined }) {
  const method = useChosenMethod(methods);
  return method?.kind === 'manual' ? <ManualFields method={method} /> : null;
}

/** The form inside the open dialog (made anew each time it opens). */
function DonationForm({
  methods,
  onClose,
}: {
  methods: readonly SchemaPaymentMethod[] | undefined;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  // donateManual declares the member's list of donations stale: it shows the new one.
  const { mutateAsync: donateManual } = useProviderMutation('donateManual');
  const { mutateAsync: donate } = useProviderMutation('donate');
  const minimum = useMinimum();
  const amountRules = useMemo(() => [...trimmed(contract.amount), minimum.rule], [minimum]);
  // The payment's time starts at the moment the dialog opens.
  const opening = useMemo(() => ({ payment_datetime: dayjs().toISOString() }), []);

  const submit = async (values: Values) => {
    const method = methods?.find((m) => m.id === values.payment_method);
    if (!method) return undefined;
    const amount = (values.amount ?? '').trim();
    const comment = values.comment ?? '';
    try {
      if (method.kind === 'online') {
        const { payment_url } = await donate([{ amount, payment_method: method.id, comment }]);
        window.location.assign(payment_url);
        return undefined;
      }
      if (!(values.check instanceof File)) return undefined;
      await donateManual([
        {
          amount,
          payment_method: method.id,
          payment_datetime: values.payment_datetime ?? '',
          comment: comment || undefined,
          check: values.check,
        },
      ]);
      notify('atrium.payments.donation.sent', { type: 'success' });
      onClose();
      return undefined;
    } catch (err) {
      // The server's field errors under the fields; any other failure as a toast.
      if (Object.keys(fieldErrorsOf(err)).length) return submissionErrors(err, translate, FIELDS);
      notifyError(err);
      return undefined;
    }
  };

  return (
    <Form<Values> defaultValues={opening} onSubmit={submit} noValidate disableInvalidFormNotification>
      <DialogTitle id="donation-title">{translate('atrium.payments.donation.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormProblem />
          <TextInput
            source="amount"
            label="atrium.payments.donation.amount"
            validate={amountRules}
            helperText={minimum.hint}
            slotProps={{
              htmlInput: { inputMode: 'decimal', 'data-testid': 'donation-amount', maxLength: limits.amount.maxLength },
            }}
          />
          <SelectInput
            source="payment_method"
            label="atrium.payments.donation.method"
            choices={methods ? [...methods] : []}
            validate={contract.payment_method}
            helperText={false}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'donation-method' } as object } }}
          />
          <ChosenMethodFields methods={methods} />
          <TextInput
            source="comment"
            label="atrium.payments.donation.comment"
            validate={contract.comment}
            multiline
            minRows={2}
            helperText={false}
            slotProps={{ htmlInput: { maxLength: limits.comment.maxLength } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{translate('atrium.payments.donation.cancel')}</Button>
        <SubmitButton methods={methods} />
      </DialogActions>
    </Form>
  );
}

/**
 * The donation form: amount in USD and a payment method. An online method goes to the payment page
 * (only when the answer is 200); a manual one asks for the payment date and time and the
 * confirmation check, and waits for staff.
 */
function DonationDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  // The methods' names and instructions come in the interface language.
  const methods = useProviderQuery('getPaymentMethods', [], { enabled: open });
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby="donation-title"
    >
      <DonationForm methods={methods.data} onClose={onClose} />
    </Dialog>
  );
}

/** A button that opens the donation dialog. */
export function DonateButton(props: ButtonProps) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        startIcon={<VolunteerActivism />}
        onClick={() => {
          setOpen(true);
        }}
        data-testid="open-donation"
        {...props}
      >
        {translate('atrium.payments.donation.open')}
      </Button>
      <DonationDialog
        open={open}
        onClose={() => {
          setOpen(false);
        }}
      />
    </>
  );
}
