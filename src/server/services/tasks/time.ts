import { FieldErrors } from '../../errors';
import { clock } from '../../clock';
import type { SchemaTaskCreateRequest } from '../../../api/schema';

export type StartChoice = Pick<SchemaTaskCreateRequest, 'start_in' | 'start_at' | 'end_at'>;

/** Start now or in 15…90 minutes (from the app clock), or at an exact time; none gives 'Please, select start time'. */
export function startOf(input: StartChoice): { startAt: Date; endAt: Date | null } {
  let startAt: Date;
  if (input.start_in)
    startAt = new Date(clock.now().getTime() + (input.start_in === 'now' ? 0 : Number(input.start_in)) * 60_000);
  else if (input.start_at) startAt = new Date(input.start_at);
  else throw FieldErrors.of('start_at', 'start_time_required');
  const endAt = input.end_at ? new Date(input.end_at) : null;
  if (endAt && endAt <= startAt) throw FieldErrors.of('end_at', 'task_end_before_start');
  return { startAt, endAt };
}
