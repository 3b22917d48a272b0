import { useState, type SubmitEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  LinearProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { checkValues } from '../../../api/validation';
import { contractRules, validatorsFor } from '../../../api/validators';
import { fieldErrorsOf, useNotifyError } from '../../common/errors';
import type { AtriumDataProvider } from '../../providers/data';
import { useApplyProfile } from '../../providers/data/profileHooks';
import { ProfileShell } from './ProfileShell';
import { atLeast } from './session';

// The new password's limits are the contract's (ProfileUpdate.password).
const rules = validatorsFor('ProfileUpdate', { password: { minLength: 'atrium.profile.password.too_short' } });
const MIN_PASSWORD = contractRules.ProfileUpdate.password.minLength;
type Field = 'old_password' | 'password' | 'repeat';
const EMPTY: Record<Field, string> = { old_password: '', password: '', repeat: '' };
const LABELS: Record<Field, string> = {
  old_password: 'atrium.profile.password.old_password',
  password: 'atrium.profile.password.password',
  repeat: 'atrium.profile.password.repeat',
};

export default function ProfilePasswordPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const apply = useApplyProfile();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field | 'non_field_errors', string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const change = (name: Field) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors(({ [name]: _, ...rest }) => rest);
    setProblem(null);
  };

  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    setErrors({});
    if (!values.old_password || !values.password || !values.repeat) {
      setProblem(translate('atrium.profile.password.fill_all'));
      return;
    }
    const limits = checkValues(rules, { old_password: values.old_password, password: values.password }, translate);
    if (limits.old_password || limits.password) {
      setErrors(limits);
      setProblem(null);
      return;
    }
    if (values.password !== values.repeat) {
      setErrors({ repeat: translate('atrium.profile.password.mismatch') });
      setProblem(translate('atrium.profile.password.mismatch'));
      return;
    }
    setProblem(null);
    setSaving(true);
    try {
      const res = await atLeast(
        dataProvider.updateProfile({ old_password: values.old_password, password: values.password }),
      );
      await apply(res.user);
      setValues(EMPTY);
      notify('atrium.profile.password.changed', { type: 'success' });
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      notifyError(err);
    } finally {
      setSaving(false);
    }
  };

  const field = (name: Field, autoComplete: string) => (
    <TextField
      name={name}
      type="password"
      label={translate(LABELS[name])}
      autoComplete={autoComplete}
      required
      fullWidth
      value={values[name]}
      onChange={(e) => {
        change(name)(e.target.value);
      }}
      error={Boolean(errors[name])}
      helperText={
        errors[name] ??
        (name === 'password' ? translate('atrium.profile.password.hint', { min: MIN_PASSWORD }) : undefined)
      }
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
          <form onSubmit={(e) => void submit(e)} noValidate aria-busy={saving}>
            <Stack spacing={2}>
              {field('old_password', 'current-password')}
              {field('password', 'new-password')}
              {field('repeat', 'new-password')}
              {(problem || errors.non_field_errors) && (
                <Alert severity="error" role="alert">
                  {problem ?? errors.non_field_errors}
                </Alert>
              )}
              {saving && (
                <Box role="status">
                  <Typography variant="body2" color="text.secondary">
                    {translate('atrium.profile.saving')}
                  </Typography>
                  <LinearProgress sx={{ mt: 0.5 }} />
                </Box>
              )}
              <Button type="submit" variant="contained" size="large" disabled={saving}>
                {saving ? <CircularProgress size={24} aria-hidden /> : translate('atrium.profile.password.submit')}
              </Button>
            </Stack>
          </form>
        </CardContent>
      </Card>
    </ProfileShell>
  );
}
