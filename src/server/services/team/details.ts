import type { AppContext } from '../../context';
import type { Lang } from '../../i18n';
import { staffUserView } from '../staff/view';
import { assertVisibleUser, type Viewer } from './visibility';

/** user/view-details/{pk}: the viewer themselves or a user they may see (403/404 otherwise). */
export async function getUserDetails(ctx: AppContext, viewer: Viewer, userId: number, lang: Lang) {
  if (userId !== viewer.id) await assertVisibleUser(ctx.db, viewer, userId);
  return staffUserView(ctx.db, userId, lang);
}
