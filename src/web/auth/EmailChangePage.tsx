import { useParams } from 'react-router-dom';
import { api, unwrap } from '../../api/client';
import { LinkActionCard } from './LinkActionCard';

/** /email-change/:changeToken, the link mailed to a new address: one press makes it the account's email. */
export default function EmailChangePage() {
  const { changeToken = '' } = useParams();
  return <LinkActionCard area="email_change" run={() => unwrap(api.POST('/accounts/email_change/confirm/', { body: { token: changeToken } }))} />;
}
