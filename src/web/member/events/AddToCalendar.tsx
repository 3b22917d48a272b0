import { useState } from 'react';
import { Button } from '@mui/material';
import EventAvailable from '@mui/icons-material/EventAvailable';
import { useNotify, useTranslate } from 'react-admin';
import { api, unwrap } from '../../../api/client';

/** Downloads the event's .ics (fetched with the member's token) so the calendar app can add it. */
export function AddToCalendar({ eventId }: { eventId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const text = await unwrap(api.GET('/events/view/{id}/ics', { params: { path: { id: eventId } }, parseAs: 'text' }));
      const url = URL.createObjectURL(new Blob([text as string], { type: 'text/calendar;charset=utf-8' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `event-${eventId}.ics`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      notify('atrium.errors.server', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" startIcon={<EventAvailable />} onClick={() => void download()} disabled={busy} data-testid="add-to-calendar">
      {translate('atrium.learning.events.add_to_calendar')}
    </Button>
  );
}
