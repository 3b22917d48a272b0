import type { SchemaStaffWorkTime } from '../../../api/schema';
import { useNotify, useRefresh, useTranslate, useUpdate } from 'react-admin';
import { errorText, fieldErrorsOf } from '../../common/errors';
import type { StaffAction } from './data';

export type Staff = {
  id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  is_blocked?: boolean;
  daily_lead_limit?: number;
  rating?: number;
  /** The week from the row's details; a consultant without a working day is offered no leads. */
  work_times?: SchemaStaffWorkTime[];
};

type Translate = ReturnType<typeof useTranslate>;

/** The server's own words for a failed roster action: the first field message of a 400, else what failed. */
export function actionErrorText(e: unknown, translate: Translate): string {
  return Object.values(fieldErrorsOf(e))[0] ?? errorText(e, translate);
}

/** Runs one roster action on a consultant, then tells and refreshes; `failed` gets the server's message. */
export function useStaffAction() {
  const [update, { isPending }] = useUpdate();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const run = (record: Staff, data: StaffAction, done?: () => void, failed?: (message: string) => void) => {
    void update(
      'staff-users',
      { id: record.id, data, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(translate('atrium.staff.list.done'), { type: 'success' });
          refresh();
          done?.();
        },
        onError: (e) => {
          const message = actionErrorText(e, translate);
          notify(message, { type: 'error' });
          failed?.(message);
        },
      },
    );
  };
  return { run, isPending };
}
