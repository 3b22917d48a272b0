import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../../src/web/providers/data';
import type { NotificationStreamState } from '../../src/web/features/notifications/data';
import { NOTIFICATIONS, readAgain } from '../../src/web/features/notifications/hooks';
import { http, mockApi } from '../setup/msw';

/** The live bell's custom method: a ticket, then an EventSource on the stream; a cut falls back to polling and reconnects. */
const server = mockApi();

/** A stand-in for the browser's EventSource: the test raises its events. */
class FakeEventSource {
  static all: FakeEventSource[] = [];
  closed = false;
  private readonly listeners = new Map<string, Array<() => void>>();
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(name: string, fn: () => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  emit(name: string) {
    for (const fn of this.listeners.get(name) ?? []) fn();
  }
}

beforeAll(() => {
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  FakeEventSource.all = [];
});
afterAll(() => {
  vi.unstubAllGlobals();
});

const until = async (check: () => boolean, timeoutMs = 5_000) => {
  const began = Date.now();
  while (!check()) {
    if (Date.now() - began > timeoutMs) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('subscribeNotifications', () => {
  it('opens the stream with a fresh ticket, reads again on each event, and polls then reconnects after a cut', async () => {
    let tickets = 0;
    server.use(
      http.post('/notifications/stream/ticket/', () => {
        tickets += 1;
        return HttpResponse.json({ ticket: `t/${tickets}.x`, expires_in: 60 });
      }),
    );
    const states: NotificationStreamState[] = [];
    const onChange = vi.fn();
    const stop = await dataProvider.subscribeNotifications({ onChange, onState: (s) => states.push(s) });

    await until(() => FakeEventSource.all.length === 1);
    const first = FakeEventSource.all[0]!;
    expect(first.url).toBe('/api/notifications/stream/?ticket=t%2F1.x');
    first.emit('ready');
    expect(states).toEqual(['connecting', 'live']);
    // Read again once the stream is there: a change between the bell's first read and now has no event.
    expect(onChange).toHaveBeenCalledTimes(1);
    first.emit('notifications');
    expect(onChange).toHaveBeenCalledTimes(2);

    first.emit('error');
    expect(first.closed).toBe(true);
    expect(states.at(-1)).toBe('polling');
    await until(() => FakeEventSource.all.length === 2);
    expect(FakeEventSource.all[1]!.url).toBe('/api/notifications/stream/?ticket=t%2F2.x');
    FakeEventSource.all[1]!.emit('ready');
    expect(states.at(-1)).toBe('live');
    // Back after a cut: whatever changed meanwhile is read again.
    expect(onChange).toHaveBeenCalledTimes(3);

    stop();
    expect(FakeEventSource.all[1]!.closed).toBe(true);
  });

  it('polls when no ticket can be had, and opens no stream', async () => {
    server.use(
      http.post('/notifications/stream/ticket/', () =>
        HttpResponse.json({ detail: 'Forbidden', code: 'permission_denied' }, { status: 403 }),
      ),
    );
    const states: NotificationStreamState[] = [];
    const stop = await dataProvider.subscribeNotifications({ onChange: vi.fn(), onState: (s) => states.push(s) });
    await until(() => states.includes('polling'));
    expect(FakeEventSource.all).toEqual([]);
    stop();
  });
});

describe('readAgain', () => {
  it('reads again after a change that came while the first read was still out', async () => {
    // The bell's first read leaves before a request is opened and answers after the stream's `ready`:
    // its answer (no notification) must not be the last word.
    const answers: Array<(unread: number) => void> = [];
    const client = new QueryClient();
    const observer = new QueryObserver(client, {
      queryKey: NOTIFICATIONS,
      queryFn: () => new Promise<number>((resolve) => answers.push(resolve)),
    });
    const seen: Array<number | undefined> = [];
    const unsubscribe = observer.subscribe((r) => seen.push(r.data));
    await until(() => answers.length === 1);

    const again = readAgain(client, NOTIFICATIONS);
    answers[0]!(0);
    await until(() => answers.length === 2);
    answers[1]!(1);
    await again;
    await until(() => observer.getCurrentResult().data === 1);
    expect(seen).not.toContain(0);
    unsubscribe();
    client.clear();
  });
});
