import { useParams } from 'react-router-dom';
import { useProviderMutation } from '../../providers/data/providerHooks';
import { LinkActionCard } from './LinkActionCard';

/** /email-change/:changeToken, the link mailed to a new address: one press makes it the account's email. */
export default function EmailChangePage() {
  const { changeToken = '' } = useParams();
  const confirm = useProviderMutation('confirmEmailChange');
  return (
    <LinkActionCard
      area="email_change"
      send={() => {
        confirm.mutate([changeToken]);
      }}
      sent={confirm}
    />
  );
}
