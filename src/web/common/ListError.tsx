import { useListContext } from 'react-admin';
import { Pagination } from './Pagination';
import { FailureState, type RefusalSubject } from './Failure';

/**
 * What a staff list shows when its call fails (`<List error={<ListError />}>`): a refusal (403) with a
 * way back, or the error with "Try again" (see FailureState).
 */
export function ListError({ subject }: { subject?: RefusalSubject }) {
  const { error, refetch } = useListContext();
  return (
    <FailureState
      error={error}
      subject={subject}
      onRetry={() => {
        void refetch();
      }}
    />
  );
}

/** The list's pagination, left out while the list shows its error (there is nothing to page). */
export function ListPagination() {
  const { error } = useListContext();
  return error ? null : <Pagination rowsPerPageOptions={[10, 25, 50]} />;
}
