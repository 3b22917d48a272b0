import { required, TextInput } from 'react-admin';
import { publicValidatorsFor } from '../../../api/publicValidators';
import { trimmed } from '../../common/trimmed';

// The login's and the bot link's codes have the same limits in the contract.
const codeRules = trimmed([required('atrium.auth.validation.enter_code'), ...publicValidatorsFor('LoginRequest').code]);
const noSpaces = (value: string) => value.replace(/\s/g, '');

/**
 * The code input of a two-factor step (the login's, the bot link's), `code` of a react-admin <Form>: an
 * authenticator or backup code, spaces dropped as typed. It replaces the form that held the focus, so
 * the focus moves to it.
 */
export function LoginCodeField() {
  return (
    <TextInput
      source="code"
      label="atrium.auth.login.code"
      autoComplete="one-time-code"
      // eslint-disable-next-line jsx-a11y/no-autofocus -- the code step replaces the form that held the focus: it moves to the code
      autoFocus
      validate={codeRules}
      parse={noSpaces}
      helperText={false}
      slotProps={{ htmlInput: { 'data-testid': 'login-code' } }}
    />
  );
}
