/** A server-sent event stream read over real HTTP, its events collected as they come. */
export type EventReader = {
  status: number;
  contentType: string;
  /** The names of the events received so far, in order. */
  events: string[];
  /** Resolves once `count` events of this name have arrived in all (fails after `timeoutMs`). */
  waitFor: (name: string, count?: number, timeoutMs?: number) => Promise<void>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close: () => void;
};

export async function openEvents(url: string, headers: Record<string, string> = {}): Promise<EventReader> {
  const abort = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const events: string[] = [];
  const waiters = new Set<() => void>();
  let buffer = '';
  const ended = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    try {
      const reader = res.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const name = /^event: (.*)$/m.exec(block)?.[1];
          if (name) events.push(name);
        }
        for (const w of waiters) w();
      }
    } catch {
      // aborted by close()
    }
  })();
  const waitFor = (name: string, count = 1, timeoutMs = 10_000) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (events.filter((e) => e === name).length >= count) {
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no "${name}" event #${count} within ${timeoutMs} ms; got ${events.join(', ') || 'none'}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  return {
    status: res.status,
    contentType: res.headers.get('content-type') ?? '',
    events,
    waitFor,
    ended,
    close: () => {
      abort.abort();
    },
  };
}
