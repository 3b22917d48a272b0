-- Footer link titles in each interface language (issue #40): an admin-kept title was shown as typed to
-- everyone, so a Russian or German member read the seed's English "News". Absent languages show `title`.
ALTER TABLE "footer_links" ADD COLUMN "title_translations" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
-- The demo links as the seed made them get the seed's translations (an admin's own titles stay as they are).
UPDATE "footer_links" SET "title_translations" = t."tr"
FROM (VALUES
  ('News', '/news', '{"ru": "Новости", "en": "News", "de": "Neuigkeiten"}'::jsonb),
  ('Privacy policy', 'https://example.com/privacy', '{"ru": "Политика конфиденциальности", "en": "Privacy policy", "de": "Datenschutz"}'::jsonb),
  ('Support', 'mailto:support@example.com', '{"ru": "Поддержка", "en": "Support", "de": "Support"}'::jsonb)
) AS t("title", "url", "tr")
WHERE "footer_links"."title" = t."title" AND "footer_links"."url" = t."url" AND "footer_links"."title_translations" = '{}'::jsonb;
