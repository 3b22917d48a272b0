import { useState } from 'react';
import {
  Alert,
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
import { useGetOne, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import type { SchemaStaffUserDetails, SchemaStaffWorkTime } from '../../../api/schema';
import { fmtTimeZone } from '../../common/format';
import { PICKER_FORMAT, TimePicker } from '../../common/pickers';
import { ErrorBlock, LoadingBlock } from '../../common/States';
import { useStaffAction, type Staff } from './useStaffAction';

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
  const [days, setDays] = useState(() => weekOf(saved));
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState('');
  const { run, isPending } = useStaffAction();
  const set = (i: number, patch: Partial<SchemaStaffWorkTime>) => {
    setDays((d) => d.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  };
  const submit = () => {
    setError('');
    setChecked(true);
    if (days.some(badRange)) return;
    const work_times = days.map((d) => (d.is_day_off ? { ...d, time_from: null, time_to: null } : d));
    run(record, { action: 'work_times', work_times }, onClose, setError);
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <DialogContent>
        <Stack spacing={1.5} sx={{ pt: 1 }}>
          {error && <Alert severity="error">{error}</Alert>}
          {/* Whose clock the hours are on, and what they do: routing offers leads only within them. */}
          <Typography variant="body2" color="text.secondary" data-testid="work-times-zone">
            {translate('atrium.staff.list.work_times_zone', {
              name: record.first_name,
              zone: fmtTimeZone(timeZone, locale),
            })}
          </Typography>
          {days.map((d, i) => {
            const wrong = checked && badRange(d);
            const picker = (field: 'time_from' | 'time_to') => (
              <TimePicker
                label={translate(`atrium.staff.list.${field}`)}
                value={toTime(d[field])}
                onChange={(v) => {
                  set(i, { [field]: fromTime(v) });
                }}
                disabled={d.is_day_off}
                ampm={false}
                format={PICKER_FORMAT.time}
                slotProps={{ textField: { size: 'small', error: wrong, sx: { width: 130 } } }}
              />
            );
            return (
              <Stack key={d.weekday} spacing={0.5} data-weekday={d.weekday}>
                <Stack direction="row" spacing={1} alignItems="center" useFlexGap sx={{ flexWrap: 'wrap' }}>
                  <Typography sx={{ width: 40, fontWeight: 600 }}>
                    {translate(`atrium.staff.days.${d.weekday}`)}
                  </Typography>
                  {picker('time_from')}
                  {picker('time_to')}
                  <FormControlLabel
                    control={
                      <Checkbox
                        checked={d.is_day_off}
                        onChange={(e) => {
                          set(
                            i,
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
                {wrong && (
                  <Typography role="alert" variant="caption" color="error" sx={{ pl: 6 }}>
                    {translate('atrium.staff.list.time_range_wrong')}
                  </Typography>
                )}
              </Stack>
            );
          })}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('atrium.staff.list.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={isPending}>
          {translate('atrium.staff.list.save')}
        </Button>
      </DialogActions>
    </form>
  );
}

/** The consultant's saved hours, read when the dialog opens, then the form over them. */
function SavedWeek({ record, onClose }: { record: Staff; onClose: () => void }) {
  const [openedAt] = useState(() => Date.now());
  const { data, error, dataUpdatedAt, refetch } = useGetOne<SchemaStaffUserDetails>(
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
  if (!data || dataUpdatedAt < openedAt)
    return (
      <DialogContent>
        <LoadingBlock minHeight={120} />
      </DialogContent>
    );
  return <WeekForm record={record} saved={data.work_times} timeZone={data.time_zone} onClose={onClose} />;
}

/** Working hours per weekday, MON to SUN, as saved; a bad range is named on its row and by the server. */
export function WorkTimesButton() {
  const record = useRecordContext<Staff>();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  const close = () => {
    setOpen(false);
  };
  return (
    <>
      <Button
        size="small"
        onClick={() => {
          setOpen(true);
        }}
      >
        {translate('atrium.staff.list.work_times')}
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
