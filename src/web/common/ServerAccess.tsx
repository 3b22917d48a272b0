import { isValidElement, useEffect, type ReactNode } from 'react';
import { HttpError } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { useRouteAccess } from '../providers/data/menusHooks';
import { FailureState } from './Failure';
import { preloadScreen } from './lazyScreen';
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
  const access = useRouteAccess(pathname);
  const screen = isValidElement(children) ? children.type : undefined;
  useEffect(() => {
    preloadScreen(screen);
  }, [screen]);
  // Only an answer given for this visit opens the page: one kept from an earlier visit may predate the
  // change. Once open, the page stays while the answer is asked again (the window's focus).
  if (access.isFetchedAfterMount && access.data?.allow) return children;
  if (access.isError) return <FailureState error={access.error} onRetry={() => void access.refetch()} />;
  if (!access.isFetchedAfterMount) return <LoadingBlock />;
  return <FailureState error={REFUSED} backTo="/dashboard" />;
}
