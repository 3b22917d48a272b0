/**
 * The page the app was opened at, and the visits of each page since: a route check's answer counts for
 * the visit it was asked in only (ServerAccess), the opened page's from the app's start
 * (providers/data/startup.ts). Visits are counted from the router's own navigations (App.tsx), not from
 * a page's guard rendering: a quick step away and back (CI: the back button 70 ms after a menu click)
 * never rendered the other page, and React, seeing the same location as before, did not render the
 * guard again either, so the page came back on its old answer, from before a role change.
 */
const opened = { pathname: window.location.pathname, at: Date.now() };
/** The path last arrived at, and how many times each path has been arrived at from another. */
let current = opened.pathname;
const arrivals = new Map<string, number>();
const listeners = new Set<() => void>();

/** Every location the router arrives at (router.subscribe in App.tsx). */
export function noteLocation(pathname: string) {
  if (pathname === current) return;
  current = pathname;
  arrivals.set(pathname, (arrivals.get(pathname) ?? 0) + 1);
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: told of every arrival. */
export function subscribeVisits(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * The path the router is at: ahead of the page on screen while React draws the next page (react-router
 * renders a navigation in a transition), for a page to know it is being left (ServerAccess).
 */
export function routerPath() {
  return current;
}

/** Which visit of `pathname` this is: changes when the page is arrived at again, not when it is left. */
export function visitOf(pathname: string) {
  return arrivals.get(pathname) ?? 0;
}

/**
 * When a visit of `pathname` began, for the route check's answer to be this visit's (ServerAccess): the
 * page the app was opened at, not yet arrived at again, began as the app's code started (its answer was
 * asked then); any other page, or the opened one visited again, now. A remount of the opened page's guard
 * while the app starts is still the same visit.
 */
export function visitStart(pathname: string) {
  return pathname === opened.pathname && visitOf(pathname) === 0 ? opened.at : Date.now();
}
