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
  TextField,
  Typography,
} from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { SchemaStaffWorkTime } from '../../../api/schema';
import { useStaffAction, type Staff } from './useStaffAction';

const DAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
const initial = (): SchemaStaffWorkTime[] =>
  DAYS.map((weekday, i) =>
    i < 5
      ? { weekday, time_from: '09:00', time_to: '18:00', is_day_off: false }
      : { weekday, time_from: null, time_to: null, is_day_off: true },
  );

/** Working hours per weekday, MON to SUN; the server checks each range ('Incorrect time from and time to'). */
export function WorkTimesButton() {
  const record = useRecordContext<Staff>();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [days, setDays] = useState(initial);
  const [error, setError] = useState('');
  const { run, isPending } = useStaffAction();
  if (!record) return null;
  const set = (i: number, patch: Partial<SchemaStaffWorkTime>) => {
    setDays((d) => d.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  };
  const submit = () => {
    setError('');
    const work_times = days.map((d) => (d.is_day_off ? { ...d, time_from: null, time_to: null } : d));
    run(
      record,
      { action: 'work_times', work_times },
      () => {
        setOpen(false);
      },
      setError,
    );
  };
  return (
    <>
      <Button
        size="small"
        onClick={() => {
          setOpen(true);
        }}
      >
        {translate('atrium.admin.list.work_times')}
      </Button>
      <Dialog
        open={open}
        onClose={() => {
          setOpen(false);
        }}
        fullWidth
        maxWidth="sm"
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <DialogTitle>
            {translate('atrium.admin.list.work_times_title', { name: `${record.first_name} ${record.last_name}` })}
          </DialogTitle>
          <DialogContent>
            <Stack spacing={1.5} sx={{ pt: 1 }}>
              {error && <Alert severity="error">{error}</Alert>}
              {days.map((d, i) => (
                <Stack key={d.weekday} direction="row" spacing={1} alignItems="center" data-weekday={d.weekday}>
                  <Typography sx={{ width: 40, fontWeight: 600 }}>
                    {translate(`atrium.admin.days.${d.weekday}`)}
                  </Typography>
                  <TextField
                    size="small"
                    type="time"
                    label={translate('atrium.admin.list.time_from')}
                    value={d.time_from ?? ''}
                    disabled={d.is_day_off}
                    onChange={(e) => {
                      set(i, { time_from: e.target.value });
                    }}
                    slotProps={{ inputLabel: { shrink: true } }}
                  />
                  <TextField
                    size="small"
                    type="time"
                    label={translate('atrium.admin.list.time_to')}
                    value={d.time_to ?? ''}
                    disabled={d.is_day_off}
                    onChange={(e) => {
                      set(i, { time_to: e.target.value });
                    }}
                    slotProps={{ inputLabel: { shrink: true } }}
                  />
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
                    label={translate('atrium.admin.list.day_off')}
                  />
                </Stack>
              ))}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button
              onClick={() => {
                setOpen(false);
              }}
            >
              {translate('atrium.admin.list.cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={isPending}>
              {translate('atrium.admin.list.save')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
