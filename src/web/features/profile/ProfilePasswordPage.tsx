import { Alert, Card, CardContent, Stack, Typography } from '@mui/material';
import { Form, TextInput, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { contractRules, validatorsFor } from '../../../api/validators';
import { submissionErrors, useFormAlert, useNotifyError } from '../../common/errors';
import { ResetAfterSubmit } from '../../common/forms';
import type { AtriumDataProvider } from '../../providers/data';
import { useApplyProfile } from './hooks';
import { ProfileShell } from './ProfileShell';
import { ProfileSubmit, SavingStatus } from './SavingStatus';
import { atLeast } from './session';

// The new password's limits are the contract's (ProfileUpdate.password).
const rules = validatorsFor('ProfileUpdate', { password: { minLength: 'atrium.profile.password.too_short' } });
const MIN_PASSWORD = contractRules.ProfileUpdate.password.minLength;
type Values = { old_password?: string; password?: string; repeat?: string };

function FormProblem() {
  const alert = useFormAlert();
  return alert ? (
    <Alert severity="error" role="alert">
      {alert}
    </Alert>
  ) : null;
}

export default function ProfilePasswordPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const apply = useApplyProfile();

  const submit = async ({ old_password = '', password = '', repeat = '' }: Values) => {
    if (!old_password || !password || !repeat)
      return { root: { server: translate('atrium.profile.password.fill_all') } };
    if (password !== repeat) {
      const mismatch = translate('atrium.profile.password.mismatch');
      return { repeat: mismatch, root: { server: mismatch } };
    }
    try {
      const res = await atLeast(dataProvider.updateProfile({ old_password, password }));
      await apply(res.user);
      notify('atrium.profile.password.changed', { type: 'success' });
      return undefined;
    } catch (err) {
      notifyError(err);
      return submissionErrors(err, translate, ['old_password', 'password']);
    }
  };

  const field = (name: keyof Values, autoComplete: string, helperText: string | false = false) => (
    <TextInput
      source={name}
      type="password"
      label={`atrium.profile.password.${name}`}
      autoComplete={autoComplete}
      required
      fullWidth
      validate={name === 'repeat' ? undefined : rules[name]}
      helperText={helperText}
    />
  );

  return (
    <ProfileShell title="atrium.profile.password.title">
      <Card sx={{ maxWidth: 560 }}>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {translate('atrium.profile.password.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {translate('atrium.profile.password.intro')}
          </Typography>
          <Form<Values> onSubmit={submit} noValidate disableInvalidFormNotification>
            {/* A changed password empties the form. */}
            <ResetAfterSubmit />
            <Stack spacing={2}>
              {field('old_password', 'current-password')}
              {field('password', 'new-password', translate('atrium.profile.password.hint', { min: MIN_PASSWORD }))}
              {field('repeat', 'new-password')}
              <FormProblem />
              <SavingStatus />
              <ProfileSubmit label="atrium.profile.password.submit" />
            </Stack>
          </Form>
        </CardContent>
      </Card>
    </ProfileShell>
  );
}
