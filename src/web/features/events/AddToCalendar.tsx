import { useState } from 'react';
import { Button } from '@mui/material';
import EventAvailable from '@mui/icons-material/EventAvailable';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AtriumDataProvider } from '../../providers/data';

/** Downloads the event's .ics (fetched with the member's token) so the calendar app can add it. */
export function AddToCalendar({ eventId }: { eventId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AtriumDataProvider>();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const text = await dataProvider.getEventIcs(eventId);
      const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `event-${eventId}.ics`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => {
        URL.revokeObjectURL(url);
      }, 10_000);
    } catch {
      notify('atrium.errors.server', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outlined"
      startIcon={<EventAvailable />}
      onClick={() => void download()}
      disabled={busy}
      data-testid="add-to-calendar"
    >
      {translate('atrium.events.add_to_calendar')}
    </Button>
  );
}
