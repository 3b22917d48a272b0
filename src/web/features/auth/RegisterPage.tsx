import { Stack } from '@mui/material';
import { Form, TextInput, useDataProvider, useLocaleState, useTranslate, type Validator } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { useProviderQuery } from '../../providers/data/providerHooks';
import type { SchemaRegisterRequest } from '../../../api/schema';
import { publicValidatorsFor } from '../../../api/publicValidators';
import { browserRegion, visitorRegion } from '../../common/countries';
import { phoneExample } from '../../common/phone';
import { browserTimeZone } from '../../common/format';
import { submissionErrors } from '../../common/errors';
import { FillAllEmpty } from '../../common/FillAllEmpty';
import { onSent, trimmed } from '../../common/trimmed';
import { EMAIL_REQUIRED_PATH } from '../../providers/authProvider';
import type { AtriumDataProvider } from '../../providers/data';
import { AuthCard } from './AuthCard';
import { AuthLink } from './AuthLinks';
import { FormRootAlert } from './FormAlert';
import { PasswordInput } from './PasswordInput';
import { useStartSession } from './session';
import { FormSubmitButton } from './SubmitButton';

type Values = {
  first_name?: string;
  last_name?: string;
  email?: string;
  phone?: string;
  password?: string;
  promo?: string;
};
const FIELDS = ['first_name', 'last_name', 'email', 'phone', 'password', 'promo'] as const;
const LANGUAGES = ['ru', 'en', 'de'] as const;
const contract = publicValidatorsFor('RegisterRequest', {
  password: { minLength: 'atrium.auth.validation.password_short' },
  email: { email: 'atrium.validation.email_is_invalid' },
});
// The contract's limits on what will be sent: names, email, phone and promo trimmed; a blank password is empty.
const rules: Record<keyof Values, Validator[]> = {
  first_name: trimmed(contract.first_name),
  last_name: trimmed(contract.last_name),
  email: trimmed(contract.email),
  phone: trimmed(contract.phone),
  promo: trimmed(contract.promo),
  password: onSent(contract.password, (value) => (typeof value === 'string' && value.trim() ? value : '')),
};
const LABELS: Record<keyof Values, string> = {
  first_name: 'atrium.auth.register.first_name',
  last_name: 'atrium.auth.register.last_name',
  email: 'atrium.auth.register.email',
  phone: 'atrium.auth.register.phone',
  password: 'atrium.auth.register.password',
  promo: 'atrium.auth.register.promo',
};

/** The promo code of the server's registration link (accounts/admin_reg_link/: the first admin's), if any. */
function useAdminPromo(enabled: boolean): string {
  // The link does not depend on the language.
  const { data } = useProviderQuery('getAdminRegLink', [], {
    enabled,
    locale: null,
    retry: false,
    staleTime: 10 * 60_000,
  });
  if (!data?.link) return '';
  try {
    return /^\/register\/([^/]+)\/?$/.exec(new URL(data.link, window.location.origin).pathname)?.[1] ?? '';
  } catch {
    return '';
  }
}

/**
 * /register and /register/:promo (the promo code of the inviting member, pre-filled). Without a code in
 * the address the field starts empty (a stranger's code there reads as "whose is this?", issue #40), and
 * a registration that leaves it empty joins under the server's registration link (the first admin), as
 * the sign-in page's link did when it carried that code. A 200 without a token means an activation email
 * was sent: the user goes to /email-required, not logged in.
 */
export default function RegisterPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const startSession = useStartSession();
  const [locale] = useLocaleState();
  const { promo = '' } = useParams();
  const adminPromo = useAdminPromo(!promo);
  // Where the visitor is (their zone's country, else their browser language's region): the phone hint's
  // example is a number of there (+1 for New York, not a German one), and a number typed without its
  // country code is read there too. Else the interface language's country.
  const region = visitorRegion() ?? browserRegion(locale);
  // Kept on one line (no-break spaces): a number split over two lines on a phone reads as two.
  const example = ((region && phoneExample(region)) || phoneExample(browserRegion(locale) ?? 'US')).replace(
    / /g,
    '\u00a0',
  );

  const send = async (values: Values) => {
    const v = (name: keyof Values) => values[name]?.trim() ?? '';
    const email = v('email');
    const body: SchemaRegisterRequest = {
      email,
      password: values.password ?? '',
      first_name: v('first_name'),
      last_name: v('last_name'),
      // The account's time zone is the browser's.
      time_zone: browserTimeZone(),
      ...(v('phone') && { phone: v('phone'), ...(region && { default_region: region }) }),
      ...((v('promo') || adminPromo) && { promo: v('promo') || adminPromo }),
      ...((LANGUAGES as readonly string[]).includes(locale) && { language: locale as (typeof LANGUAGES)[number] }),
    };
    try {
      const res = await dataProvider.register(body);
      if (res.token && res.user) await startSession({ token: res.token, user: res.user });
      else void navigate(EMAIL_REQUIRED_PATH, { state: { email, sent: true } });
      return undefined;
    } catch (err) {
      return submissionErrors(err, translate, FIELDS);
    }
  };

  const input = (name: keyof Values, helperText: string | false = false) => ({
    source: name,
    label: LABELS[name],
    validate: rules[name],
    helperText,
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
      <Form<Values> defaultValues={{ promo }} onSubmit={send} noValidate disableInvalidFormNotification>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the page is this one form: the cursor starts in its first field, as react-admin's LoginForm does */}
            <TextInput {...input('first_name')} autoComplete="given-name" autoFocus />
            <TextInput {...input('last_name')} autoComplete="family-name" />
          </Stack>
          <TextInput
            {...input('email')}
            type="email"
            autoComplete="email"
            slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
          />
          <TextInput
            {...input('phone', translate('atrium.auth.register.phone_hint', { example }))}
            type="tel"
            autoComplete="tel"
          />
          <PasswordInput {...input('password', 'atrium.auth.register.password_hint')} autoComplete="new-password" />
          <TextInput
            {...input('promo', 'atrium.auth.register.promo_hint')}
            slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
          />
          <FillAllEmpty />
          <FormRootAlert />
          <FormSubmitButton>{translate('atrium.auth.register.submit')}</FormSubmitButton>
        </Stack>
      </Form>
    </AuthCard>
  );
}
