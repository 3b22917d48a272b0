import { isValidElement, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { HttpError } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { useRouteAccess } from '../providers/data/menusHooks';
import { FailureState } from './Failure';
import { preloadScreen } from './lazyScreen';
import { routerPath, subscribeVisits, visitOf, visitStart } from './visits';
import { LoadingBlock } from './States';

/** How a refusal of the route check is shown: as the API's 403 would be. */
const REFUSED = new HttpError('', 403);

/**
 * A page of the signed-in app, shown once the server's route check (menu/check_access/) lets the user
 * open its path: the role table (features/access.ts) decides what is registered and offered, the server
 * what the role has now, so a role taken away refuses the page at the next visit instead of after a new
 * login (#40 item 4). A path the server does not know is refused as well (tests/web/features-access.test.ts
 * keeps every page known).
 * The page's script downloads while the check is asked (its code, not its data: a refused page never asks
 * for its data, tests/e2e/route-access.spec.ts), so an allowed page waits for one of the two, not both.
 */
export function ServerAccess({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  // Each visit its own guard: a route change can keep this component and give it another page, and a step
  // away and back that never rendered the other page (the back button at once) is a new visit too.
  const visit = useSyncExternalStore(subscribeVisits, () => visitOf(pathname));
  // The router has gone on to another page: this one is being left. React draws the next page in a
  // transition, and until that is done (a tenth of a second, more while the person types) this page would
  // stay on screen and take input: "View as" typed right after the menu's Tickets went into the Tasks
  // page's picker, whose options left with it, and a pick opened the Tasks view-as. The next page's wait
  // shows at once instead (a store's change is drawn at once, not in the transition).
  const leaving = useSyncExternalStore(subscribeVisits, () => routerPath() !== pathname);
  if (leaving) return <LoadingBlock />;
  return (
    <VisitGuard key={`${pathname} ${String(visit)}`} pathname={pathname}>
      {children}
    </VisitGuard>
  );
}

function VisitGuard({ pathname, children }: { pathname: string; children: ReactNode }) {
  // Only an answer given since this visit began opens the page: one kept from an earlier visit may predate
  // the change. The page the app was opened at began with the app (its answer is asked then, startup.ts).
  const [since] = useState(() => visitStart(pathname));
  const access = useRouteAccess(pathname, since);
  const screen = isValidElement(children) ? children.type : undefined;
  useEffect(() => {
    preloadScreen(screen);
  }, [screen]);
  // Once open, the page stays while the answer is asked again (the window's focus).
  const answered = access.isSuccess && access.dataUpdatedAt >= since;
  if (answered && access.data.allow) return children;
  if (access.isError) return <FailureState error={access.error} onRetry={() => void access.refetch()} />;
  if (!answered) return <LoadingBlock />;
  return <FailureState error={REFUSED} backTo="/dashboard" />;
}
