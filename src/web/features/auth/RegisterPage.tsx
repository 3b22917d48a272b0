import { useState, type SubmitEvent } from 'react';
import { Stack, TextField } from '@mui/material';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import type { SchemaRegisterRequest } from '../../../api/schema';
import { checkValues } from '../../../api/validation';
import { validatorsFor } from '../../../api/validators';
import { browserRegion } from '../../common/countries';
import { browserTimeZone } from '../../common/format';
import { formErrors, noErrors, type FormErrors } from '../../common/errors';
import { EMAIL_REQUIRED_PATH } from '../../providers/authProvider';
import type { AtriumDataProvider } from '../../providers/data';
import { AuthCard } from './AuthCard';
import { AuthLink } from './AuthLinks';
import { FormAlert } from './FormAlert';
import { PasswordField } from './PasswordField';
import { useStartSession } from './session';
import { SubmitButton } from './SubmitButton';

type Values = { first_name: string; last_name: string; email: string; phone: string; password: string; promo: string };
const FIELDS = ['first_name', 'last_name', 'email', 'phone', 'password', 'promo'] as const;
const LANGUAGES = ['ru', 'en', 'de'] as const;
const rules = validatorsFor('RegisterRequest', {
  password: { minLength: 'atrium.auth.validation.password_short' },
  email: { email: 'atrium.validation.email_is_invalid' },
});
const LABELS: Record<keyof Values, string> = {
  first_name: 'atrium.auth.register.first_name',
  last_name: 'atrium.auth.register.last_name',
  email: 'atrium.auth.register.email',
  phone: 'atrium.auth.register.phone',
  password: 'atrium.auth.register.password',
  promo: 'atrium.auth.register.promo',
};

/**
 * /register and /register/:promo (the promo code of the inviting member, pre-filled). A 200 without a
 * token means an activation email was sent: the user goes to /email-required, not logged in.
 */
export default function RegisterPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const startSession = useStartSession();
  const [locale] = useLocaleState();
  const { promo = '' } = useParams();
  const [values, setValues] = useState<Values>({
    first_name: '',
    last_name: '',
    email: '',
    phone: '',
    password: '',
    promo,
  });
  const [errors, setErrors] = useState<FormErrors>(noErrors);
  const [busy, setBusy] = useState(false);

  const set = (field: keyof Values) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
  };

  // The contract's limits on what will be sent (names, email, phone and promo trimmed; a blank password is empty).
  const validate = (): Record<string, string> =>
    checkValues(
      rules,
      {
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        email: values.email.trim(),
        phone: values.phone.trim(),
        password: values.password.trim() ? values.password : '',
        promo: values.promo.trim(),
      },
      translate,
    );

  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    const fields = validate();
    // Empty required fields: each says so, and the form says to fill them all (the seed's text).
    const empty = [values.first_name, values.last_name, values.email, values.password].some((v) => !v.trim());
    if (Object.keys(fields).length)
      setErrors({ fields, alert: empty ? translate('atrium.validation.fill_all_empty') : null });
    else void send();
  };

  const send = async () => {
    setBusy(true);
    setErrors(noErrors);
    const email = values.email.trim();
    // A phone typed without its country code is read in the browser's region.
    const region = browserRegion();
    const body: SchemaRegisterRequest = {
      email,
      password: values.password,
      first_name: values.first_name.trim(),
      last_name: values.last_name.trim(),
      // The account's time zone is the browser's.
      time_zone: browserTimeZone(),
      ...(values.phone.trim() && { phone: values.phone.trim(), ...(region && { default_region: region }) }),
      ...(values.promo.trim() && { promo: values.promo.trim() }),
      ...((LANGUAGES as readonly string[]).includes(locale) && { language: locale as (typeof LANGUAGES)[number] }),
    };
    try {
      const res = await dataProvider.register(body);
      if (res.token && res.user) await startSession({ token: res.token, user: res.user });
      else void navigate(EMAIL_REQUIRED_PATH, { state: { email, sent: true } });
    } catch (err) {
      setErrors(formErrors(err, translate, FIELDS));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: keyof Values, extra: Partial<Parameters<typeof TextField>[0]> = {}) => ({
    name,
    value: values[name],
    onChange: set(name),
    error: !!errors.fields[name],
    helperText: errors.fields[name] ?? extra.helperText,
    label: translate(LABELS[name]),
    fullWidth: true,
  });

  return (
    <AuthCard
      wide
      title={translate('atrium.auth.register.title')}
      subtitle={translate('atrium.auth.register.subtitle')}
      footer={
        <AuthLink to="/login" prefix={translate('atrium.auth.register.have_account')}>
          {translate('atrium.auth.register.to_login')}
        </AuthLink>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the page is this one form: the cursor starts in its first field, as react-admin's LoginForm does */}
            <TextField {...field('first_name')} autoComplete="given-name" autoFocus required />
            <TextField {...field('last_name')} autoComplete="family-name" required />
          </Stack>
          <TextField
            {...field('email')}
            type="email"
            autoComplete="email"
            required
            slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
          />
          <TextField
            {...field('phone', { helperText: translate('atrium.auth.register.phone_hint') })}
            type="tel"
            autoComplete="tel"
          />
          <PasswordField
            {...field('password', { helperText: translate('atrium.auth.register.password_hint') })}
            autoComplete="new-password"
            required
          />
          <TextField
            {...field('promo', { helperText: translate('atrium.auth.register.promo_hint') })}
            slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
          />
          <FormAlert message={errors.alert} />
          <SubmitButton busy={busy}>{translate('atrium.auth.register.submit')}</SubmitButton>
        </Stack>
      </form>
    </AuthCard>
  );
}
