import type { ComponentType } from 'react';
import { lazyScreen } from './lazyScreen';

/**
 * One screen of a resource, loaded on first visit: a resource folder's index.ts names its views
 * with this, so registering every resource (and the login screen before them) does not pay for
 * every list and form. `name` is the module's export: `lazyView(() => import('./BookList'), 'BookList')`.
 */
export function lazyView<M extends Record<K, ComponentType>, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazyScreen(async () => ({ default: (await load())[name] }));
}

/** How a person is named in titles and references: first and last name, else the email. */
export type Person = { first_name?: string; last_name?: string; email?: string | null };
export const personName = (r: Person) => `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim() || (r.email ?? '');
