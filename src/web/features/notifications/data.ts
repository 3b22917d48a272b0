import { api, unwrap } from '../../../api/client';
import type { SchemaNotificationSetting } from '../../../api/schema';
import { invalidating } from '../../providers/data/invalidation';

/** `live` while the server's event stream is open; `polling` while it is cut (the bell reads its list on a timer). */
export type NotificationStreamState = 'connecting' | 'live' | 'polling';

export type NotificationSubscriber = {
  /** The caller's notifications changed (or may have, after a reconnection): read them again. */
  onChange: () => void;
  onState: (state: NotificationStreamState) => void;
};

/** How long to wait before opening the stream again after the n-th cut in a row (the last one repeats). */
const RETRY_MS = [2_000, 5_000, 15_000, 30_000];

/**
 * Keeps the caller's notification stream open (server-sent events from GET /notifications/stream/):
 * a browser's EventSource cannot send the Authorization header, so each connection asks for a
 * one-minute ticket first. On any cut the stream is closed and opened again later with a new ticket,
 * the subscriber told `polling` meanwhile. Returns the function that stops it all.
 */
function openNotificationStream({ onChange, onState }: NotificationSubscriber): () => void {
  let stopped = false;
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let cuts = 0;
  const cut = () => {
    source?.close();
    source = null;
    if (stopped) return;
    onState('polling');
    timer = setTimeout(() => void connect(), RETRY_MS[Math.min(cuts, RETRY_MS.length - 1)]);
    cuts += 1;
  };
  // Called only while not stopped: stopping clears the timer that would call it.
  const connect = async () => {
    let ticket: string;
    try {
      ({ ticket } = await unwrap(api.POST('/notifications/stream/ticket/')));
    } catch {
      cut();
      return;
    }
    if (stopped) return;
    const es = new EventSource(`/api/notifications/stream/?ticket=${encodeURIComponent(ticket)}`);
    source = es;
    es.addEventListener('ready', () => {
      // Whatever changed before the stream was there: while it was cut, or (first connection) between the
      // bell's own first read and now — a change in that gap has no event of its own.
      onChange();
      cuts = 0;
      onState('live');
    });
    es.addEventListener('notifications', () => {
      onChange();
    });
    // EventSource would retry by itself with the same, soon expired, ticket: this one is closed instead.
    es.addEventListener('error', () => {
      if (source === es) cut();
    });
  };
  onState('connecting');
  void connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    source?.close();
    source = null;
  };
}

/** The live bell's stream: a custom method of the data provider (see ./index.ts). */
export const notificationsMethods = {
  /** Subscribes to the caller's notification changes; resolves to the function that unsubscribes. */
  subscribeNotifications: (subscriber: NotificationSubscriber) => Promise.resolve(openNotificationStream(subscriber)),
  /** Which kinds of notification the caller receives (profile settings). */
  getNotificationSettings: () => unwrap(api.GET('/notifications/settings/')),
  /** Switches kinds on or off; answers the settings after the change. */
  updateNotificationSettings: invalidating(
    { answers: 'getNotificationSettings' },
    (settings: SchemaNotificationSetting[]) => unwrap(api.POST('/notifications/settings/', { body: { settings } })),
  ),
};
