import { Button } from '@mui/material';
import EventAvailable from '@mui/icons-material/EventAvailable';
import { useNotify, useTranslate } from 'react-admin';
import { useProviderMutation } from '../../providers/data/providerHooks';

/** Downloads the event's .ics (fetched with the member's token) so the calendar app can add it. */
export function AddToCalendar({ eventId }: { eventId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  // A download on a press: the call's state (pending while it runs) is the button's.
  const download = useProviderMutation('getEventIcs', {
    onSuccess: (text) => {
      const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `event-${String(eventId)}.ics`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => {
        URL.revokeObjectURL(url);
      }, 10_000);
    },
    onError: () => {
      notify('atrium.errors.server', { type: 'error' });
    },
  });
  return (
    <Button
      variant="outlined"
      startIcon={<EventAvailable />}
      onClick={() => {
        download.mutate([eventId]);
      }}
      disabled={download.isPending}
      data-testid="add-to-calendar"
    >
      {translate('atrium.events.add_to_calendar')}
    </Button>
  );
}
