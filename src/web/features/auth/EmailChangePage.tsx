import { useDataProvider } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { AtriumDataProvider } from '../../providers/data';
import { LinkActionCard } from './LinkActionCard';

/** /email-change/:changeToken, the link mailed to a new address: one press makes it the account's email. */
export default function EmailChangePage() {
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const { changeToken = '' } = useParams();
  return <LinkActionCard area="email_change" run={() => dataProvider.confirmEmailChange(changeToken)} />;
}
