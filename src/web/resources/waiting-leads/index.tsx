import { WaitingLeadsList } from './WaitingLeadsList';

type LeadRecord = { first_name?: string; last_name?: string };

export default {
  list: () => <WaitingLeadsList />,
  recordRepresentation: (r: LeadRecord) => `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim(),
};
