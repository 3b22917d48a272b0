import { and, asc, eq, isNull } from 'drizzle-orm';
import { clock } from '../../clock';
import type { AppContext } from '../../context';
import { userImportInvitations, userImports, users } from '../../db/schema';
import { deliverLater, issueInvitation } from '../staff/invitations';

export const IMPORT_INVITATIONS_QUEUE = 'user-import-invitations';
/** Invitations sent per run: the queue runs each minute (and when an import ends), so a big import's mails trickle out. */
const PER_RUN = 20;

/**
 * Sends the next invitations of imports that asked for them, each in its person's language, from the
 * importer; each one is marked sent in the transaction that issues it, so a second run sends nothing twice.
 */
export async function sendImportInvitations(ctx: AppContext): Promise<void> {
  const pending = await ctx.db
    .select({ importId: userImportInvitations.importId, userId: userImportInvitations.userId })
    .from(userImportInvitations)
    .where(isNull(userImportInvitations.sentAt))
    .orderBy(asc(userImportInvitations.importId), asc(userImportInvitations.userId))
    .limit(PER_RUN);
  for (const p of pending) {
    const stored = await ctx.db.transaction(async (tx) => {
      const marked = await tx
        .update(userImportInvitations)
        .set({ sentAt: clock.now() })
        .where(
          and(
            eq(userImportInvitations.importId, p.importId),
            eq(userImportInvitations.userId, p.userId),
            isNull(userImportInvitations.sentAt),
          ),
        )
        .returning();
      const [u] = await tx.select().from(users).where(eq(users.id, p.userId));
      if (!marked.length || !u?.email) return null;
      const [imp] = await tx
        .select({ by: userImports.createdById })
        .from(userImports)
        .where(eq(userImports.id, p.importId));
      return issueInvitation(ctx, tx, imp?.by ?? null, u);
    });
    deliverLater(ctx, stored);
  }
}
