import { useDataProvider, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { clearSession } from '../../providers/authProvider';
import type { AtriumDataProvider } from '../../providers/data';
import { AuthLink } from './AuthLinks';
import { LinkActionCard } from './LinkActionCard';

/**
 * /credentials-undo/:undoToken, the link mailed to the old address after an email or phone change: one
 * press restores it and ends every session; then the owner is offered a new password.
 */
export default function CredentialsUndoPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const { undoToken = '' } = useParams();
  const run = async () => {
    const res = await dataProvider.undoCredentialsChange(undoToken);
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
