import PasswordResetPage from './PasswordResetPage';

/** /set-password/:resetToken, the link of an invitation mail: the password-reset screen, greeting the invited user. */
export default function SetPasswordPage() {
  return <PasswordResetPage invitation />;
}
