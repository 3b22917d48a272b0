import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { clearSession } from '../../providers/authProvider';
import { useProviderMutation } from '../../providers/data/providerHooks';
import { AuthLink } from './AuthLinks';
import { LinkActionCard } from './LinkActionCard';

/**
 * /credentials-undo/:undoToken, the link mailed to the old address after an email or phone change: one
 * press restores it and ends every session; then the owner is offered a new password.
 */
export default function CredentialsUndoPage() {
  const translate = useTranslate();
  const { undoToken = '' } = useParams();
  // Every session ended, this browser's too.
  const undo = useProviderMutation('undoCredentialsChange', { onSuccess: clearSession });
  return (
    <LinkActionCard
      area="undo"
      send={() => {
        undo.mutate([undoToken]);
      }}
      sent={undo}
      after={<AuthLink to="/recover-password">{translate('atrium.auth.undo.new_password')}</AuthLink>}
    />
  );
}
