import { sql } from 'drizzle-orm';
import type { Db } from './client';
import {
  books,
  configs,
  events,
  footerLinks,
  lessonCategories,
  lessonMaterials,
  lessons,
  news,
  packageCategories,
  packages,
} from './schema';
import { one } from './rows';

/** A one-page PDF, written by hand (correct xref offsets), so the free demo book can be read. */
function tinyPdf(title: string, line: string): Buffer {
  const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');
  const stream = `BT /F1 24 Tf 72 720 Td (${esc(title)}) Tj ET\nBT /F1 12 Tf 72 690 Td (${esc(line)}) Tj ET\n`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}endstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const DAY = 86400_000;

/** Where the demo PDFs are saved: the server's store (the file or the S3 driver). */
export type DemoFileStore = { save(folder: string, ext: string, body: Buffer): Promise<string> };

/**
 * Demo learning content: 3 categories (the third one paid through the "Pro" package, which the
 * demo member does not have), 8 lessons with YouTube videos, 3 books (one free, each with a PDF), 4 news
 * (one important), 3 upcoming events, footer links and public configs. Runs once: it does nothing
 * when any lesson category exists. The PDFs are saved only when a store is given.
 */
export async function seedDemoContent(db: Db, storage?: DemoFileStore): Promise<boolean> {
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from lesson_categories`);
  if ((rows[0]?.n ?? 0) > 0) return false;
  // Every book has its file: a book on sale needs one (the admin editor refuses a priced book without it).
  const pdfOf = async (title: string, line: string) =>
    storage ? await storage.save('pdfs', 'pdf', tinyPdf(`Atrium: ${title}`, line)) : null;
  const pdf = await pdfOf('First steps', 'A free demo book.');
  const followUpPdf = await pdfOf('The kind follow-up', 'How to stay in touch without pushing.');
  const teamPdf = await pdfOf('Leading a growing team', 'From ten to a hundred members.');
  const now = Date.now();
  await db.transaction(async (tx) => {
    const cats = await tx
      .insert(lessonCategories)
      .values([
        { title: 'Getting started', description: 'How Atrium works and how to learn here.', order: 1 },
        { title: 'Growing your team', description: 'Inviting, welcoming and supporting new members.', order: 2 },
        { title: 'Pro: leadership', description: 'In-depth lessons of the Pro package.', order: 3 },
      ])
      .returning({ id: lessonCategories.id });
    const [start, team, pro] = cats.map((c) => c.id) as [number, number, number];
    const yt = [
      'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
      'https://youtu.be/ScMzIvxBSi4',
      'https://www.youtube.com/watch?v=jNQXAC9IVRw',
    ];
    const lesson = (categoryId: number, order: number, title: string, isFree: boolean, ago: number) => ({
      categoryId,
      order,
      title,
      isFree,
      shortDescription: `${title}: a short demo lesson.`,
      description: `<p>${title}.</p><ul><li>Watch the video</li><li>Read the materials</li><li>Leave a comment</li></ul>`,
      videoUrl: yt[order % yt.length] ?? null,
      durationSeconds: 300 + order * 60,
      publishedAt: new Date(now - ago * DAY),
    });
    const ls = await tx
      .insert(lessons)
      .values([
        lesson(start, 1, 'Welcome to Atrium', true, 30),
        lesson(start, 2, 'Setting up your profile', true, 29),
        lesson(start, 3, 'Your first week', false, 20),
        lesson(team, 1, 'Inviting your first contacts', true, 15),
        lesson(team, 2, 'Following up kindly', false, 10),
        lesson(team, 3, 'Running a team call', false, 5),
        lesson(pro, 1, 'Leading by example', false, 3),
        lesson(pro, 2, 'Planning a quarter', false, 1),
      ])
      .returning({ id: lessons.id });
    await tx.insert(lessonMaterials).values([
      { lessonId: one(ls).id, title: 'Atrium help centre', url: 'https://example.com/help', order: 1 },
      { lessonId: one(ls.slice(3)).id, title: 'Invitation checklist', url: 'https://example.com/checklist', order: 1 },
    ]);
    const pkg = one(
      await tx.insert(packages).values({ name: 'Pro', description: 'All Pro lessons.' }).returning({ id: packages.id }),
    );
    await tx.insert(packageCategories).values([
      { packageId: pkg.id, categoryId: pro },
      { packageId: pkg.id, categoryId: team },
    ]);
    // On sale for one month at 19.00 USD (the periods come with the payments migration).
    await tx.execute(sql`insert into package_terms (package_id, period_id, price_cents)
      select ${pkg.id}, id, 1900 from subscription_periods where months = 1`);
    await tx.insert(books).values([
      {
        title: 'First steps',
        author: 'Atrium team',
        description: '<p>A short guide to your first month. <strong>Free</strong> for every member.</p>',
        pdf,
        isFree: true,
        priceCents: 0,
        pages: 1,
        language: 'en',
        publishedAt: new Date(now - 20 * DAY),
      },
      {
        title: 'The kind follow-up',
        author: 'M. Berater',
        description: '<p>How to stay in touch without pushing.</p>',
        pdf: followUpPdf,
        priceCents: 1250,
        pages: 180,
        language: 'en',
        publishedAt: new Date(now - 10 * DAY),
      },
      {
        title: 'Leading a growing team',
        author: 'A. Admin',
        description: '<p>From ten to a hundred members.</p>',
        pdf: teamPdf,
        priceCents: 1999,
        pages: 240,
        language: 'en',
        publishedAt: new Date(now - 2 * DAY),
      },
    ]);
    await tx.insert(news).values([
      {
        title: 'Welcome to the new Atrium',
        summary: 'The new platform is live.',
        body: '<p>The new platform is live. <a href="/lessons">Start learning</a>.</p>',
        isImportant: true,
        publishedAt: new Date(now - 7 * DAY),
      },
      {
        title: 'New lessons on team calls',
        summary: 'Three new lessons in Growing your team.',
        body: '<p>Three new lessons.</p>',
        publishedAt: new Date(now - 5 * DAY),
      },
      {
        title: 'Book of the month',
        summary: 'Leading a growing team.',
        body: '<p>Our pick this month.</p>',
        publishedAt: new Date(now - 2 * DAY),
      },
      {
        title: 'Summer meet-up announced',
        summary: 'Save the date.',
        body: '<p>Details in Events.</p>',
        publishedAt: new Date(now - DAY),
      },
    ]);
    const at = (days: number, hour: number) => {
      const d = new Date(now + days * DAY);
      d.setUTCHours(hour, 0, 0, 0);
      return d;
    };
    await tx.insert(events).values([
      {
        title: 'Monthly webinar',
        description: '<p>News, questions and answers.</p>',
        startsAt: at(3, 17),
        endsAt: at(3, 18),
        timeZone: 'Europe/Berlin',
        onlineUrl: 'https://meet.example.com/atrium',
      },
      {
        title: 'Team leaders meet-up',
        description: '<p>An evening in Berlin.</p>',
        startsAt: at(10, 16),
        endsAt: at(10, 20),
        timeZone: 'Europe/Berlin',
        place: 'Alexanderplatz 1, Berlin',
      },
      {
        title: 'Summer conference',
        description: '<p>Two days of talks and workshops.</p>',
        startsAt: at(40, 8),
        endsAt: at(41, 16),
        timeZone: 'Europe/Berlin',
        place: 'Hamburg Messe',
        onlineUrl: 'https://live.example.com/summer',
      },
    ]);
    await tx.insert(footerLinks).values([
      { title: 'News', titleTranslations: { ru: 'Новости', en: 'News', de: 'Neuigkeiten' }, url: '/news', order: 1 },
      {
        title: 'Privacy policy',
        titleTranslations: { ru: 'Политика конфиденциальности', en: 'Privacy policy', de: 'Datenschutz' },
        url: 'https://example.com/privacy',
        order: 2,
      },
      {
        title: 'Support',
        titleTranslations: { ru: 'Поддержка', en: 'Support', de: 'Support' },
        url: 'mailto:support@example.com',
        order: 3,
      },
    ]);
    await tx.insert(configs).values([
      { key: 'support.email', value: 'support@example.com', description: 'Where members write for help.' },
      { key: 'donations.enabled', value: true, description: 'Show the donation box on the dashboard.' },
      { key: 'donations.min_amount', value: 5, description: 'The smallest donation in USD.' },
      { key: 'app.name', value: 'Atrium', description: 'The product name shown in the header.' },
    ]);
  });
  return true;
}
