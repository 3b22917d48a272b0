import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { api, unwrap } from '../../api/client';
import { clearSession } from '../providers/authProvider';
import { AuthLink } from './AuthLinks';
import { LinkActionCard } from './LinkActionCard';

/**
 * /credentials-undo/:undoToken, the link mailed to the old address after an email or phone change: one
 * press restores it and ends every session; then the owner is offered a new password.
 */
export default function CredentialsUndoPage() {
  const translate = useTranslate();
  const { undoToken = '' } = useParams();
  const run = async () => {
    const res = await unwrap(api.POST('/accounts/credentials_change/undo/', { body: { token: undoToken } }));
    // Every session ended, this browser's too.
    clearSession();
    return res;
  };
  return (
    <LinkActionCard
      area="undo"
      run={run}
      after={<AuthLink to="/recover-password">{translate('atrium.auth.undo.new_password')}</AuthLink>}
    />
  );
}
