import { useMemo, useState } from 'react';
import { Alert, Card, CardContent, Grid, Skeleton, Stack, Typography } from '@mui/material';
import {
  Form,
  InputHelperText,
  TextInput,
  useDataProvider,
  useInput,
  useNotify,
  useTranslate,
  type Validator,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import dayjs, { type Dayjs } from 'dayjs';
import type { SchemaProfileUpdate as ProfileUpdate } from '../../../api/schema';
import { validatorsFor } from '../../../api/validators';
import { submissionErrors, useFormAlert, useNotifyError } from '../../common/errors';
import { AskBeforeLeaving, InvalidFormNotice } from '../../common/forms';
import { DatePicker, PICKER_FORMAT } from '../../common/pickers';
import { trimmed } from '../../common/trimmed';
import type { AtriumDataProvider } from '../../providers/data';
import { useApplyProfile, useProfile } from './hooks';
import { AvatarCard } from './AvatarCard';
import { LoadError } from './LoadError';
import { ProfileShell } from './ProfileShell';
import { CountryInput, TimeZoneInput } from './PlaceInputs';
import { ProfileSubmit, SavingStatus } from './SavingStatus';
import { browserRegion } from '../../common/countries';
import { fmtPhone } from '../../common/phone';
import { parseDate, showDate } from './format';
import { atLeast, type Profile } from './session';

type Values = Partial<
  Record<
    'first_name' | 'last_name' | 'city' | 'phone' | 'email' | 'country' | 'time_zone' | 'old_password' | 'code',
    string | null
  >
> & {
  /** DD/MM/YYYY as typed, '' when empty, 'invalid' while what was typed is no whole date. */
  date_birth?: string;
};
const contract = validatorsFor('ProfileUpdate', { code: { presence: 'atrium.profile.two_factor.enter_code' } });
const FIELDS = [
  'first_name',
  'last_name',
  'city',
  'phone',
  'email',
  'date_birth',
  'country',
  'time_zone',
  'old_password',
  'code',
] as const;

/** What a form value is as it is sent: trimmed text, '' for none. */
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** "+49 30 1234567", "4930 1234567" and "+49301234567" are one number (the server normalises the same way). */
function phoneKey(phone: string): string {
  const compact = phone.replace(/[\s()-]/g, '');
  return compact && !compact.startsWith('+') ? `+${compact}` : compact;
}

/** A new email or phone needs the current password (and, with two-factor on, a code too). */
function needsProof(values: Pick<Values, 'email' | 'phone'>, me: Profile): boolean {
  const email = text(values.email);
  const emailChanged = Boolean(email) && email.toLowerCase() !== (me.email ?? '').toLowerCase();
  return emailChanged || phoneKey(text(values.phone)) !== phoneKey(me.phone ?? '');
}

const dateRule = (value: unknown) =>
  parseDate(typeof value === 'string' ? value : '') === undefined ? 'atrium.profile.errors.date_format' : undefined;
/** The current password is asked for while the email or phone differs from the profile's. */
const proofRequired =
  (me: Profile): Validator =>
  (value: unknown, values: Values) =>
    needsProof(values, me) && !value ? 'atrium.profile.errors.required' : undefined;
// The contract's limits on what will be sent (texts trimmed); the birth date as DD/MM/YYYY.
const rules = {
  first_name: trimmed(contract.first_name),
  last_name: trimmed(contract.last_name),
  city: trimmed(contract.city),
  phone: trimmed(contract.phone),
  email: trimmed(contract.email),
  country: contract.country,
  time_zone: contract.time_zone,
  // Asked for only while shown; its label is not marked required (react-admin reads `isRequired`).
  code: trimmed(contract.code).map(
    (v): Validator =>
      (value, values, props) =>
        v(value, values, props),
  ),
  date_birth: [dateRule],
};

/**
 * The birth date as an MUI X date picker (DD/MM/YYYY typed, or the calendar); the form keeps the text,
 * 'invalid' while what was typed is no whole date (the save then says so).
 */
function BirthDateInput({ label, helperText }: { label: string; helperText: string }) {
  const { field, fieldState } = useInput({
    source: 'date_birth',
    validate: rules.date_birth,
    format: (v: unknown) => v,
    parse: (v: unknown) => v,
  });
  const current = typeof field.value === 'string' ? field.value : '';
  const [typed, setTyped] = useState<{ text: string; date: Dayjs | null } | null>(null);
  const iso = parseDate(current);
  const value = typed?.text === current ? typed.date : iso ? dayjs(iso) : null;
  // The picker reports a half-typed date ("09/09/YYYY") as no date at all, like an emptied field; the
  // field's own text tells them apart, so a date that is not complete is an error, never a removal.
  const checkTyped = (shown: string) => {
    if (value === null && /\d/.test(shown) && current !== 'invalid') field.onChange('invalid');
  };
  const error = fieldState.invalid ? fieldState.error?.message : undefined;
  return (
    <DatePicker
      label={label}
      value={value}
      onChange={(date) => {
        const next = date === null ? '' : date.isValid() ? date.format(PICKER_FORMAT.date) : 'invalid';
        setTyped({ text: next, date });
        field.onChange(next);
      }}
      inputRef={field.ref}
      format={PICKER_FORMAT.date}
      disableFuture
      enableAccessibleFieldDOMStructure={false}
      slotProps={{
        textField: {
          fullWidth: true,
          name: 'date_birth',
          autoComplete: 'bday',
          onKeyUp: (e: React.KeyboardEvent<HTMLInputElement>) => {
            checkTyped(e.currentTarget.value);
          },
          onBlur: (e: React.FocusEvent<HTMLInputElement>) => {
            checkTyped(e.currentTarget.value);
            field.onBlur();
          },
          error: Boolean(error),
          helperText: error ? <InputHelperText error={error} /> : helperText,
        },
      }}
    />
  );
}

/** The current password and, with two-factor on, a code: shown once the email or phone differs. */
function ProofFields({ me }: { me: Profile }) {
  const translate = useTranslate();
  const [email, phone] = useWatch<Values, ['email', 'phone']>({ name: ['email', 'phone'] });
  const passwordRules = useMemo(() => [...contract.old_password, proofRequired(me)], [me]);
  if (!needsProof({ email, phone }, me)) return null;
  return (
    <>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextInput
          source="old_password"
          type="password"
          autoComplete="current-password"
          label="atrium.profile.edit.current_password"
          validate={passwordRules}
          helperText={translate('atrium.profile.edit.current_password_hint')}
          fullWidth
        />
      </Grid>
      {me.google_auth_enabled && (
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput
            source="code"
            autoComplete="one-time-code"
            label="atrium.profile.edit.code"
            validate={rules.code}
            helperText={translate('atrium.profile.edit.code_hint')}
            fullWidth
          />
        </Grid>
      )}
    </>
  );
}

const valuesOf = (me: Profile): Values => ({
  first_name: me.first_name,
  last_name: me.last_name,
  city: me.city ?? '',
  // Grouped as the profile view shows it ("+1 212-555-0142"); the server reads it back the same.
  phone: fmtPhone(me.phone),
  email: me.email ?? '',
  date_birth: showDate(me.date_birth),
  country: me.country ?? '',
  time_zone: me.time_zone ?? '',
});

const half = { xs: 12, sm: 6 } as const;

/** What the server refused beyond the visible fields. */
function FormProblem() {
  const alert = useFormAlert();
  return alert ? (
    <Alert severity="error" sx={{ mt: 2, whiteSpace: 'pre-line' }}>
      {alert}
    </Alert>
  ) : null;
}

/** The profile form; its Save also uploads a photo chosen in the avatar card (`avatar`) and not uploaded yet. */
function EditForm({ me, avatar, onAvatarSaved }: { me: Profile; avatar: File | null; onAvatarSaved: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const apply = useApplyProfile();
  // What the form opened with (a saved profile opens it again, its proof emptied), and the new email
  // that only counts once the link mailed to it is opened, so the form then says where to look.
  const [saved, setSaved] = useState(() => ({ times: 0, values: valuesOf(me), pending: null as string | null }));

  const submit = async (values: Values) => {
    const proof = needsProof(values, me);
    // A phone typed without its country code is read in the chosen country, else in the browser's region.
    const country = text(values.country);
    const region = /^[A-Z]{2}$/.test(country) ? country : browserRegion();
    const email = text(values.email);
    const body: ProfileUpdate = {
      ...(region && { default_region: region }),
      first_name: text(values.first_name),
      last_name: text(values.last_name),
      city: text(values.city),
      phone: text(values.phone),
      country,
      date_birth: parseDate(values.date_birth ?? '') ?? null,
      ...(text(values.time_zone) && { time_zone: text(values.time_zone) }),
      // An email cannot be removed, only changed.
      ...(email && { email }),
      ...(proof && { old_password: typeof values.old_password === 'string' ? values.old_password : '' }),
      ...(proof && me.google_auth_enabled && { code: text(values.code) }),
    };
    try {
      if (avatar) {
        const uploaded = await dataProvider.uploadAvatar(avatar);
        await apply(uploaded.user);
        onAvatarSaved();
      }
      const res = await atLeast(dataProvider.updateProfile(body));
      await apply(res.user);
      setSaved((s) => ({ times: s.times + 1, values: valuesOf(res.user), pending: res.pending_email ?? null }));
      notify('atrium.profile.updated', { type: 'success' });
      return undefined;
    } catch (err) {
      const errors = submissionErrors(err, translate, FIELDS);
      // What no field shows is said once, in the form's alert; field errors are summed up in a toast.
      if (!('root' in errors)) notifyError(err);
      return errors;
    }
  };

  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('atrium.profile.edit.personal')}
        </Typography>
        <Form<Values>
          key={saved.times}
          defaultValues={saved.values}
          onSubmit={submit}
          noValidate
          disableInvalidFormNotification
        >
          <AskBeforeLeaving />
          <InvalidFormNotice message="atrium.profile.errors.fill_fields" />
          <Grid container spacing={2}>
            <Grid size={half}>
              <TextInput
                source="first_name"
                label="atrium.profile.fields.first_name"
                autoComplete="given-name"
                validate={rules.first_name}
                helperText={false}
                fullWidth
              />
            </Grid>
            <Grid size={half}>
              <TextInput
                source="last_name"
                label="atrium.profile.fields.last_name"
                autoComplete="family-name"
                validate={rules.last_name}
                helperText={false}
                fullWidth
              />
            </Grid>
            <Grid size={half}>
              <TextInput
                source="city"
                label="atrium.profile.fields.city"
                autoComplete="address-level2"
                validate={rules.city}
                helperText={false}
                fullWidth
              />
            </Grid>
            <Grid size={half}>
              <TextInput
                source="phone"
                type="tel"
                label="atrium.profile.fields.phone"
                autoComplete="tel"
                validate={rules.phone}
                helperText={false}
                fullWidth
              />
            </Grid>
            <Grid size={half}>
              <TextInput
                source="email"
                type="email"
                label="atrium.profile.fields.email"
                autoComplete="email"
                validate={rules.email}
                helperText={false}
                fullWidth
              />
            </Grid>
            <Grid size={half}>
              <BirthDateInput
                label={translate('atrium.profile.fields.date_birth')}
                helperText={translate('atrium.profile.edit.date_hint')}
              />
            </Grid>
            <Grid size={half}>
              <CountryInput source="country" validate={rules.country} />
            </Grid>
            <Grid size={half}>
              <TimeZoneInput source="time_zone" validate={rules.time_zone} />
            </Grid>
            <ProofFields me={me} />
          </Grid>
          {saved.pending && (
            <Alert severity="info" role="status" sx={{ mt: 2 }} data-testid="email-change-pending">
              {translate('atrium.profile.edit.pending', { email: saved.pending, current: me.email ?? '' })}
            </Alert>
          )}
          <FormProblem />
          <SavingStatus mt={2} />
          <Stack direction="row" justifyContent="flex-end" sx={{ mt: 2 }}>
            <ProfileSubmit label="atrium.profile.save" minWidth={160} />
          </Stack>
        </Form>
      </CardContent>
    </Card>
  );
}

export default function ProfileEditPage() {
  const { data: me, error, isPending, refetch } = useProfile();
  const [avatar, setAvatar] = useState<File | null>(null);
  return (
    <ProfileShell title="atrium.profile.edit.title">
      {isPending ? (
        <Card>
          <CardContent aria-busy="true">
            {[1, 2, 3, 4].map((i) => (
              <Skeleton key={i} height={64} />
            ))}
          </CardContent>
        </Card>
      ) : error ? (
        <LoadError error={error} onRetry={refetch} />
      ) : (
        <Stack spacing={2}>
          <AvatarCard me={me} file={avatar} onFileChange={setAvatar} />
          <EditForm
            key={me.id}
            me={me}
            avatar={avatar}
            onAvatarSaved={() => {
              setAvatar(null);
            }}
          />
        </Stack>
      )}
    </ProfileShell>
  );
}
