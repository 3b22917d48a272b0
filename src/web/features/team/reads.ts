import { oneRead, type EarlyReads } from '../../providers/data/earlyReads';
import { waitingLeadsReads } from '../leads/reads';
import { isRecordId } from '../../common/urlState';

/** /team: the tab in the address; only the waiting leads' tab reads a list of its own at once. */
export const teamReads: EarlyReads = (at) =>
  new URLSearchParams(at.search).get('tab') === 'waiting' ? waitingLeadsReads(at) : [];

/** /user/view-details/:pk (PersonPage): the person. */
export const personReads: EarlyReads = ({ params }) => {
  const id = Number(params.pk);
  return isRecordId(id) ? [oneRead('user-details', { id })] : [];
};
