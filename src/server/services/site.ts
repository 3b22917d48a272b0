import { asc } from 'drizzle-orm';
import type { AppContext } from '../context';
import { configs, footerLinks, type Language } from '../db/schema';
import { eq } from 'drizzle-orm';

/** The public configs: a key -> value map and the same as a list with descriptions. */
export async function getAllConfigs(ctx: AppContext) {
  const rows = await ctx.db
    .select({ key: configs.key, value: configs.value, description: configs.description })
    .from(configs)
    .where(eq(configs.isPublic, true))
    .orderBy(asc(configs.key));
  const items = rows.map((r) => ({ key: r.key, value: r.value ?? null, description: r.description }));
  return { configs: Object.fromEntries(items.map((i) => [i.key, i.value])), items };
}

/** The footer links in order, each title in `lang` when the admin gave one, else the link's one title. */
export async function getFooterLinks(ctx: AppContext, lang: Language) {
  const rows = await ctx.db
    .select({
      id: footerLinks.id,
      title: footerLinks.title,
      titleTranslations: footerLinks.titleTranslations,
      url: footerLinks.url,
      order: footerLinks.order,
    })
    .from(footerLinks)
    .orderBy(asc(footerLinks.order), asc(footerLinks.id));
  return rows.map(({ titleTranslations, ...link }) => ({
    ...link,
    title: titleTranslations[lang]?.trim() || link.title,
  }));
}
