import { useState, type SubmitEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Grid,
  LinearProgress,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import type { SchemaProfileUpdate as ProfileUpdate } from '../../../api/schema';
import { checkValues } from '../../../api/validation';
import { validatorsFor } from '../../../api/validators';
import { fieldErrorsOf, useNotifyError } from '../../common/errors';
import { PICKER_FORMAT } from '../../common/pickers';
import type { AtriumDataProvider } from '../../providers/data';
import { useApplyProfile, useProfile } from '../../providers/data/profileHooks';
import { AvatarCard } from './AvatarCard';
import { LoadError } from './LoadError';
import { ProfileShell } from './ProfileShell';
import { CountryInput, TimeZoneInput } from './PlaceInputs';
import { browserRegion } from '../../common/countries';
import { parseDate, showDate } from './format';
import { atLeast, type Profile } from './session';

type Values = Required<
  Pick<ProfileUpdate, 'first_name' | 'last_name' | 'city' | 'phone' | 'email' | 'country' | 'time_zone'>
> & {
  date_birth: string;
};
const rules = validatorsFor('ProfileUpdate');
const TEXT_FIELDS = [
  { name: 'first_name', autoComplete: 'given-name', required: true },
  { name: 'last_name', autoComplete: 'family-name', required: true },
  { name: 'city', autoComplete: 'address-level2' },
  { name: 'phone', autoComplete: 'tel', type: 'tel' },
  { name: 'email', autoComplete: 'email', type: 'email' },
] as const;
const LABELS: Record<keyof Values, string> = {
  first_name: 'atrium.profile.fields.first_name',
  last_name: 'atrium.profile.fields.last_name',
  city: 'atrium.profile.fields.city',
  phone: 'atrium.profile.fields.phone',
  email: 'atrium.profile.fields.email',
  date_birth: 'atrium.profile.fields.date_birth',
  country: 'atrium.profile.fields.country',
  time_zone: 'atrium.profile.fields.time_zone',
};

/** "+49 30 1234567", "4930 1234567" and "+49301234567" are one number (the server normalises the same way). */
function phoneKey(phone: string): string {
  const compact = phone.replace(/[\s()-]/g, '');
  return compact && !compact.startsWith('+') ? `+${compact}` : compact;
}

/**
 * The birth date as an MUI X date picker (DD/MM/YYYY typed, or the calendar); the form keeps the text,
 * 'invalid' while what was typed is no whole date (the save then says so).
 */
function BirthDateInput(props: {
  value: string;
  onChange: (text: string) => void;
  label: string;
  error?: string;
  helperText: string;
}) {
  const [typed, setTyped] = useState<{ text: string; date: Dayjs | null } | null>(null);
  const iso = parseDate(props.value);
  const value = typed?.text === props.value ? typed.date : iso ? dayjs(iso) : null;
  // The picker reports a half-typed date ("09/09/YYYY") as no date at all, like an emptied field; the
  // field's own text tells them apart, so a date that is not complete is an error, never a removal.
  const checkTyped = (text: string) => {
    if (value === null && /\d/.test(text) && props.value !== 'invalid') props.onChange('invalid');
  };
  return (
    <DatePicker
      label={props.label}
      value={value}
      onChange={(date) => {
        const text = date === null ? '' : date.isValid() ? date.format(PICKER_FORMAT.date) : 'invalid';
        setTyped({ text, date });
        props.onChange(text);
      }}
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
          },
          error: Boolean(props.error),
          helperText: props.error ?? props.helperText,
        },
      }}
    />
  );
}

const valuesOf = (me: Profile): Values => ({
  first_name: me.first_name,
  last_name: me.last_name,
  city: me.city ?? '',
  phone: me.phone ?? '',
  email: me.email ?? '',
  date_birth: showDate(me.date_birth),
  country: me.country ?? '',
  time_zone: me.time_zone ?? '',
});

/** The profile form; its Save also uploads a photo chosen in the avatar card (`avatar`) and not uploaded yet. */
function EditForm({ me, avatar, onAvatarSaved }: { me: Profile; avatar: File | null; onAvatarSaved: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const apply = useApplyProfile();
  const [values, setValues] = useState<Values>(() => valuesOf(me));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  // A new email or phone needs the current password (and, with two-factor on, a code too); a new email
  // only counts once the link mailed to it is opened, so the form then says where to look.
  const [proof, setProof] = useState({ old_password: '', code: '' });
  const [pending, setPending] = useState<string | null>(null);
  const set = (name: keyof Values) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors(({ [name]: _, ...rest }) => rest);
  };
  const setProofField = (name: keyof typeof proof) => (value: string) => {
    setProof((p) => ({ ...p, [name]: value }));
    setErrors(({ [name]: _, ...rest }) => rest);
  };
  const emailChanged =
    Boolean(values.email.trim()) && values.email.trim().toLowerCase() !== (me.email ?? '').toLowerCase();
  const phoneChanged = phoneKey(values.phone) !== phoneKey(me.phone ?? '');
  const needsProof = emailChanged || phoneChanged;

  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    // The contract's limits on what will be sent (texts trimmed), then the date and the proof.
    const local: Record<string, string> = checkValues(
      rules,
      {
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        city: values.city.trim(),
        phone: values.phone.trim(),
        email: values.email.trim(),
        country: values.country,
        time_zone: values.time_zone,
        ...(proof.code.trim() && { code: proof.code.trim() }),
      },
      translate,
    );
    const dateBirth = parseDate(values.date_birth);
    if (dateBirth === undefined) local.date_birth = translate('atrium.profile.errors.date_format');
    if (needsProof && !proof.old_password) local.old_password = translate('atrium.profile.errors.required');
    if (needsProof && me.google_auth_enabled && !proof.code.trim())
      local.code = translate('atrium.profile.two_factor.enter_code');
    if (Object.keys(local).length) {
      setErrors(local);
      notify('atrium.profile.errors.fill_fields', { type: 'error' });
      return;
    }
    // A phone typed without its country code is read in the chosen country, else in the browser's region.
    const region = /^[A-Z]{2}$/.test(values.country) ? values.country : browserRegion();
    const body: ProfileUpdate = {
      ...(region && { default_region: region }),
      first_name: values.first_name.trim(),
      last_name: values.last_name.trim(),
      city: values.city.trim(),
      phone: values.phone.trim(),
      country: values.country,
      date_birth: dateBirth ?? null,
      ...(values.time_zone && { time_zone: values.time_zone }),
      // An email cannot be removed, only changed.
      ...(values.email.trim() && { email: values.email.trim() }),
      ...(needsProof && { old_password: proof.old_password }),
      ...(needsProof && me.google_auth_enabled && { code: proof.code.trim() }),
    };
    setSaving(true);
    setErrors({});
    try {
      if (avatar) {
        const uploaded = await dataProvider.uploadAvatar(avatar);
        await apply(uploaded.user);
        onAvatarSaved();
      }
      const res = await atLeast(dataProvider.updateProfile(body));
      await apply(res.user);
      setValues(valuesOf(res.user));
      setProof({ old_password: '', code: '' });
      setPending(res.pending_email ?? null);
      notify('atrium.profile.updated', { type: 'success' });
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      notifyError(err);
    } finally {
      setSaving(false);
    }
  };

  const general = errors.non_field_errors;
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('atrium.profile.edit.personal')}
        </Typography>
        <form onSubmit={(e) => void submit(e)} noValidate aria-busy={saving}>
          <Grid container spacing={2}>
            {TEXT_FIELDS.map((f) => (
              <Grid key={f.name} size={{ xs: 12, sm: 6 }}>
                <TextField
                  fullWidth
                  name={f.name}
                  label={translate(LABELS[f.name])}
                  type={'type' in f ? f.type : 'text'}
                  autoComplete={f.autoComplete}
                  required={'required' in f && f.required}
                  value={values[f.name]}
                  onChange={(e) => {
                    set(f.name)(e.target.value);
                  }}
                  error={Boolean(errors[f.name])}
                  helperText={errors[f.name]}
                />
              </Grid>
            ))}
            <Grid size={{ xs: 12, sm: 6 }}>
              <BirthDateInput
                value={values.date_birth}
                onChange={set('date_birth')}
                label={translate(LABELS.date_birth)}
                error={errors.date_birth}
                helperText={translate('atrium.profile.edit.date_hint')}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <CountryInput value={values.country} onChange={set('country')} error={errors.country} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TimeZoneInput value={values.time_zone} onChange={set('time_zone')} error={errors.time_zone} />
            </Grid>
            {needsProof && (
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField
                  fullWidth
                  name="old_password"
                  type="password"
                  autoComplete="current-password"
                  label={translate('atrium.profile.edit.current_password')}
                  value={proof.old_password}
                  onChange={(e) => {
                    setProofField('old_password')(e.target.value);
                  }}
                  error={Boolean(errors.old_password)}
                  helperText={errors.old_password ?? translate('atrium.profile.edit.current_password_hint')}
                />
              </Grid>
            )}
            {needsProof && me.google_auth_enabled && (
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField
                  fullWidth
                  name="code"
                  autoComplete="one-time-code"
                  label={translate('atrium.profile.edit.code')}
                  value={proof.code}
                  onChange={(e) => {
                    setProofField('code')(e.target.value);
                  }}
                  error={Boolean(errors.code)}
                  helperText={errors.code ?? translate('atrium.profile.edit.code_hint')}
                />
              </Grid>
            )}
          </Grid>
          {pending && (
            <Alert severity="info" role="status" sx={{ mt: 2 }} data-testid="email-change-pending">
              {translate('atrium.profile.edit.pending', { email: pending, current: me.email ?? '' })}
            </Alert>
          )}
          {general && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {general}
            </Alert>
          )}
          {saving && (
            <Box role="status" sx={{ mt: 2 }}>
              <Typography variant="body2" color="text.secondary">
                {translate('atrium.profile.saving')}
              </Typography>
              <LinearProgress sx={{ mt: 0.5 }} />
            </Box>
          )}
          <Stack direction="row" justifyContent="flex-end" sx={{ mt: 2 }}>
            <Button type="submit" variant="contained" size="large" disabled={saving} sx={{ minWidth: 160 }}>
              {saving ? <CircularProgress size={24} aria-hidden /> : translate('atrium.profile.save')}
            </Button>
          </Stack>
        </form>
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
