import { useState, type SubmitEvent } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  type ButtonProps,
  type Theme,
} from '@mui/material';
import AttachFile from '@mui/icons-material/AttachFile';
import VolunteerActivism from '@mui/icons-material/VolunteerActivism';
import dayjs, { type Dayjs } from 'dayjs';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { contractRules } from '../../../../api/validators';
import { fieldErrorsOf, useNotifyError } from '../../../common/errors';
import { fmtMoney, useTimeZone } from '../../../common/format';
import { PICKER_FORMAT } from '../../../common/pickers';
import { useConfigs } from '../../../providers/data/learningHooks';
import { useProviderMutation, useProviderQuery } from '../../../providers/data/providerHooks';

// The contract's limits of a donation's typed fields (the same for online and manual donations).
const limits = contractRules.DonationRequest;

/** Cents as the API writes money ("5.00"). */
const centsText = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** An amount the member typed ("2", "2.5") that is a number below the minimum; anything else the server judges. */
function belowMinimum(text: string, minCents: number): boolean {
  if (!/^\d+(\.\d{1,2})?$/.test(text.trim())) return false;
  const cents = Math.round(Number(text.trim()) * 100);
  return cents > 0 && cents < minCents;
}

type Errors = Partial<
  Record<'amount' | 'payment_method' | 'payment_datetime' | 'check' | 'comment' | 'non_field_errors', string>
>;

/**
 * The donation form: amount in USD and a payment method. An online method goes to the payment page
 * (only when the answer is 200); a manual one asks for the payment date and time and the
 * confirmation check, and waits for staff.
 */
function DonationDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [locale] = useLocaleState();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  // The methods' names and instructions come in the interface language.
  const methods = useProviderQuery('getPaymentMethods', [], { enabled: open });
  // donateManual declares the member's list of donations stale: it shows the new one.
  const { mutateAsync: donateManual } = useProviderMutation('donateManual');
  const { mutateAsync: donate } = useProviderMutation('donate');
  const [amount, setAmount] = useState('');
  const [methodId, setMethodId] = useState<number | ''>('');
  // When the member paid: picked in their profile's zone, sent as an instant.
  const tz = useTimeZone() ?? 'default';
  const [when, setWhen] = useState<Dayjs | null>(() => (tz === 'default' ? dayjs() : dayjs().tz(tz)));
  const [file, setFile] = useState<File | null>(null);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const method = methods.data?.find((m) => m.id === methodId);
  const required = translate('atrium.payments.donation.required');
  // The configured minimum, checked here with the server's words (it checks it again).
  const configs = useConfigs();
  const minConfig = configs.data?.configs['donations.min_amount'];
  const minCents = typeof minConfig === 'number' && minConfig > 0 ? Math.round(minConfig * 100) : 0;

  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    const local: Errors = {};
    if (!amount.trim()) local.amount = required;
    else if (belowMinimum(amount, minCents))
      local.amount = translate('atrium.payments.donation.min_amount', {
        amount: fmtMoney(centsText(minCents), locale),
      });
    if (!method) local.payment_method = required;
    if (method?.kind === 'manual' && !file) local.check = required;
    if (method?.kind === 'manual' && !when?.isValid()) local.payment_datetime = required;
    setErrors(local);
    if (Object.keys(local).length || !method) return;
    setBusy(true);
    try {
      if (method.kind === 'online') {
        const { payment_url } = await donate([{ amount: amount.trim(), payment_method: method.id, comment }]);
        window.location.assign(payment_url);
        return;
      }
      if (!file) return;
      await donateManual([
        {
          amount: amount.trim(),
          payment_method: method.id,
          payment_datetime: when?.isValid() ? when.toISOString() : '',
          comment: comment || undefined,
          check: file,
        },
      ]);
      notify('atrium.payments.donation.sent', { type: 'success' });
      setAmount('');
      setFile(null);
      setComment('');
      onClose();
    } catch (err) {
      const fields = fieldErrorsOf(err);
      if (Object.keys(fields).length) setErrors(fields);
      else notifyError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby="donation-title"
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="donation-title">{translate('atrium.payments.donation.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {errors.non_field_errors && <Alert severity="error">{errors.non_field_errors}</Alert>}
            <TextField
              label={translate('atrium.payments.donation.amount')}
              value={amount}
              onChange={(e) => {
                setAmount(e.target.value);
              }}
              inputMode="decimal"
              required
              error={!!errors.amount}
              helperText={errors.amount ?? translate('atrium.payments.donation.amount_hint')}
              slotProps={{ htmlInput: { 'data-testid': 'donation-amount', maxLength: limits.amount.maxLength } }}
            />
            <TextField
              select
              label={translate('atrium.payments.donation.method')}
              value={methodId}
              onChange={(e) => {
                setMethodId(Number(e.target.value));
              }}
              required
              error={!!errors.payment_method}
              helperText={errors.payment_method}
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'donation-method' } as object } }}
            >
              {(methods.data ?? []).map((m) => (
                <MenuItem key={m.id} value={m.id}>
                  {m.name}
                </MenuItem>
              ))}
            </TextField>
            {method?.kind === 'manual' && (
              <>
                {method.instructions && (
                  <Alert severity="info" icon={false}>
                    <Typography variant="subtitle2">{translate('atrium.payments.donation.instructions')}</Typography>
                    {method.instructions}
                  </Alert>
                )}
                <DateTimePicker
                  label={translate('atrium.payments.donation.datetime')}
                  value={when}
                  onChange={setWhen}
                  timezone={tz}
                  ampm={false}
                  format={PICKER_FORMAT.dateTime}
                  disableFuture
                  enableAccessibleFieldDOMStructure={false}
                  slotProps={{
                    textField: {
                      name: 'payment_datetime',
                      required: true,
                      error: !!errors.payment_datetime,
                      helperText: errors.payment_datetime,
                    },
                  }}
                />
                <Stack spacing={0.5}>
                  <Button
                    component="label"
                    variant="outlined"
                    startIcon={<AttachFile />}
                    sx={{ alignSelf: 'flex-start' }}
                  >
                    {file ? file.name : translate('atrium.payments.donation.choose_file')}
                    <input
                      hidden
                      type="file"
                      accept="image/jpeg,image/png,image/webp,application/pdf"
                      onChange={(e) => {
                        setFile(e.target.files?.[0] ?? null);
                      }}
                      data-testid="donation-check"
                      aria-label={translate('atrium.payments.donation.check')}
                    />
                  </Button>
                  <Typography
                    variant="caption"
                    color={errors.check ? 'error' : 'text.secondary'}
                    role={errors.check ? 'alert' : undefined}
                  >
                    {errors.check ??
                      `${translate('atrium.payments.donation.check')}: ${translate('atrium.payments.donation.check_hint')}`}
                  </Typography>
                </Stack>
              </>
            )}
            <TextField
              label={translate('atrium.payments.donation.comment')}
              value={comment}
              onChange={(e) => {
                setComment(e.target.value);
              }}
              multiline
              minRows={2}
              error={!!errors.comment}
              helperText={errors.comment}
              slotProps={{ htmlInput: { maxLength: limits.comment.maxLength } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{translate('atrium.payments.donation.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid="donation-submit">
            {method?.kind === 'manual'
              ? translate('atrium.payments.donation.send_manual')
              : translate('atrium.payments.donation.pay_online')}
          </Button>
        </DialogActions>
      </form>
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
