import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  Typography,
} from '@mui/material';
import dayjs, { type Dayjs } from 'dayjs';
import {
  Form,
  ValidationError,
  useGetOne,
  useInput,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { SchemaStaffUserDetails, SchemaStaffWorkTime } from '../../../api/schema';
import { FormRefusal } from '../../common/forms';
import { fmtTimeZone } from '../../common/format';
import { PICKER_FORMAT, TimePicker } from '../../common/pickers';
import { ErrorBlock, LoadingBlock } from '../../common/States';
import { useUrlDialog } from '../../common/urlState';
import { useStaffAction, type Staff } from './useStaffAction';

type Week = { work_times?: SchemaStaffWorkTime[] };

const DAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;

/** The saved week, MON to SUN; a weekday the server left out is a day off. */
const weekOf = (saved: readonly SchemaStaffWorkTime[]): SchemaStaffWorkTime[] =>
  DAYS.map(
    (weekday) =>
      saved.find((d) => d.weekday === weekday) ?? { weekday, time_from: null, time_to: null, is_day_off: true },
  );

/** "HH:mm" on any day, for a TimePicker (only the time is read back). */
const toTime = (hhmm: string | null) => (hhmm ? dayjs(`2000-01-01T${hhmm}`) : null);
const fromTime = (v: Dayjs | null) => (v?.isValid() ? v.format(PICKER_FORMAT.time) : null);

/** A working day needs both times, the start before the end ('Incorrect time from and time to'). */
const badRange = (d: SchemaStaffWorkTime) => !d.is_day_off && (!d.time_from || !d.time_to || d.time_from >= d.time_to);

/** One weekday's row: its two times and its day-off box, held by the form as `work_times.<i>`. */
function DayInput({ index, weekday }: { index: number; weekday: string }) {
  const translate = useTranslate();
  const { field, fieldState } = useInput<SchemaStaffWorkTime>({
    source: `work_times.${String(index)}`,
    validate: (d: SchemaStaffWorkTime) => (badRange(d) ? 'atrium.staff.list.time_range_wrong' : undefined),
  });
  const d = field.value as SchemaStaffWorkTime;
  const set = (patch: Partial<SchemaStaffWorkTime>) => {
    field.onChange({ ...d, ...patch });
  };
  const wrong = !!fieldState.error;
  const picker = (name: 'time_from' | 'time_to') => (
    <TimePicker
      label={translate(`atrium.staff.list.${name}`)}
      value={toTime(d[name])}
      onChange={(v) => {
        set({ [name]: fromTime(v) });
      }}
      disabled={d.is_day_off}
      ampm={false}
      format={PICKER_FORMAT.time}
      slotProps={{ textField: { size: 'small', error: wrong, sx: { width: 130 } } }}
    />
  );
  return (
    <Stack spacing={0.5} data-weekday={weekday}>
      <Stack direction="row" spacing={1} alignItems="center" useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Typography sx={{ width: 40, fontWeight: 600 }}>{translate(`atrium.staff.days.${weekday}`)}</Typography>
        {picker('time_from')}
        {picker('time_to')}
        <FormControlLabel
          control={
            <Checkbox
              checked={d.is_day_off}
              onChange={(e) => {
                set(
                  e.target.checked
                    ? { is_day_off: true }
                    : { is_day_off: false, time_from: d.time_from ?? '09:00', time_to: d.time_to ?? '18:00' },
                );
              }}
            />
          }
          label={translate('atrium.staff.list.day_off')}
        />
      </Stack>
      {fieldState.error?.message && (
        <Typography role="alert" variant="caption" color="error" sx={{ pl: 6 }}>
          <ValidationError error={fieldState.error.message} />
        </Typography>
      )}
    </Stack>
  );
}

/**
 * The week as a react-admin <Form>: each row checked when saving (and again as it is changed), the
 * server's refusal above the rows.
 */
function WeekForm({
  record,
  saved,
  timeZone,
  onClose,
}: {
  record: Staff;
  saved: readonly SchemaStaffWorkTime[];
  timeZone: string | undefined;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { run, isPending } = useStaffAction();
  const week = weekOf(saved);
  const submit = ({ work_times }: Week) =>
    new Promise<Record<string, unknown> | undefined>((resolve) => {
      const sent = (work_times ?? []).map((d) => (d.is_day_off ? { ...d, time_from: null, time_to: null } : d));
      run(
        record,
        { action: 'work_times', work_times: sent },
        () => {
          onClose();
          resolve(undefined);
        },
        (message) => {
          resolve({ root: { server: message } });
        },
      );
    });
  return (
    <Form<Week>
      record={{ id: record.id, work_times: week }}
      onSubmit={submit}
      noValidate
      disableInvalidFormNotification
    >
      <DialogContent>
        <Stack spacing={1.5} sx={{ pt: 1 }}>
          <FormRefusal />
          {/* Whose clock the hours are on, and what they do: routing offers leads only within them. */}
          <Typography variant="body2" color="text.secondary" data-testid="work-times-zone">
            {translate('atrium.staff.list.work_times_zone', {
              name: record.first_name,
              zone: fmtTimeZone(timeZone, locale),
            })}
          </Typography>
          {week.map((d, i) => (
            <DayInput key={d.weekday} index={i} weekday={d.weekday} />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('atrium.staff.list.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={isPending}>
          {translate('atrium.staff.list.save')}
        </Button>
      </DialogActions>
    </Form>
  );
}

/** The consultant's saved hours, read when the dialog opens, then the form over them. */
function SavedWeek({ record, onClose }: { record: Staff; onClose: () => void }) {
  const { data, error, isFetchedAfterMount, refetch } = useGetOne<SchemaStaffUserDetails>(
    'user-details',
    { id: record.id },
    // The hours as saved now (read again on every opening), never an older copy from the cache.
    { refetchOnMount: 'always', refetchOnWindowFocus: false },
  );
  if (error)
    return (
      <DialogContent>
        <ErrorBlock
          error={error}
          onRetry={() => {
            void refetch();
          }}
        />
      </DialogContent>
    );
  if (!data || !isFetchedAfterMount)
    return (
      <DialogContent>
        <LoadingBlock minHeight={120} />
      </DialogContent>
    );
  return <WeekForm record={record} saved={data.work_times} timeZone={data.time_zone} onClose={onClose} />;
}

/**
 * Working hours per weekday, MON to SUN, as saved (`?work_times=<id>`); a bad range is named on its row
 * and by the server. The roster's rows say "Work times"; the dashboard's notice names what to do.
 */
export function WorkTimesButton({
  label = 'atrium.staff.list.work_times',
  variant = 'text',
}: {
  label?: string;
  variant?: 'text' | 'outlined';
}) {
  const record = useRecordContext<Staff>();
  const translate = useTranslate();
  const { open, show, close } = useUrlDialog('work_times', record?.id);
  if (!record) return null;
  return (
    <>
      <Button size="small" variant={variant} color={variant === 'outlined' ? 'inherit' : 'primary'} onClick={show}>
        {translate(label)}
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby={`work-times-${record.id}`}>
        <DialogTitle id={`work-times-${record.id}`}>
          {translate('atrium.staff.list.work_times_title', { name: `${record.first_name} ${record.last_name}` })}
        </DialogTitle>
        {open && <SavedWeek record={record} onClose={close} />}
      </Dialog>
    </>
  );
}
