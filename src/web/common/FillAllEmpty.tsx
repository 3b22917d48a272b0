import { Alert } from '@mui/material';
import { useFormState } from 'react-hook-form';
import { useTranslate } from 'react-admin';

/** react-admin keeps a validator's message (here the key of 'Please, fill this field') inside the field's error. */
const REQUIRED = 'atrium.validation.required';

/**
 * 'Fill all empty fields' (the seed's catalogue) above a react-admin form that was sent with required
 * fields left empty; each of them says 'Please, fill this field' under it. Inside the form's context.
 */
export function FillAllEmpty() {
  const translate = useTranslate();
  const { errors, isSubmitted } = useFormState();
  const empty =
    isSubmitted && Object.values(errors).some((e) => typeof e?.message === 'string' && e.message.includes(REQUIRED));
  return empty ? <Alert severity="error">{translate('atrium.validation.fill_all_empty')}</Alert> : null;
}
