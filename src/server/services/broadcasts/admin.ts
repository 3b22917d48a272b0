import { ilike, sql } from 'drizzle-orm';
import type { SchemaBroadcastAdmin, SchemaBroadcastAdminUpdate } from '../../../api/schema';
import { broadcasts } from '../../db/schema';
import { FieldErrors } from '../../errors';
import type { Resource } from '../admin/content/engine';
import { date, given, html, link } from '../admin/content/fields';
import { isTimeZone } from '../time-zones';

const like = (v: unknown) => `%${String(v).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Admin: the broadcasts, served the ra-data-simple-rest way by the admin content engine. */
export const broadcastsResource: Resource<typeof broadcasts, SchemaBroadcastAdminUpdate, SchemaBroadcastAdmin> = {
  name: 'broadcasts',
  table: broadcasts,
  sortable: { id: broadcasts.id, title: broadcasts.title, starts_at: broadcasts.startsAt },
  defaultSort: ['starts_at', 'DESC'],
  filters: {
    q: (v) => ilike(broadcasts.title, like(v)),
    upcoming: (v) => (v === true || v === 'true' ? sql`${broadcasts.endsAt} >= now()` : undefined),
  },
  constraintFields: {
    broadcasts_package_id_packages_id_fk: 'package_id',
    broadcasts_recording_lesson_id_lessons_id_fk: 'recording_lesson_id',
  },
  required: { title: 'title', startsAt: 'starts_at', endsAt: 'ends_at', timeZone: 'time_zone', url: 'url' },
  columns: (_ctx, input, existing) => {
    const audience = input.audience ?? existing?.audience ?? 'everyone';
    const packageId = input.package_id === undefined ? existing?.packageId : input.package_id;
    // A package broadcast names its package; for the others a package left from before is cleared.
    if (audience === 'package' && !packageId) throw FieldErrors.of('package_id', 'field_required');
    const out = {
      title: input.title,
      description: given(input.description, html),
      startsAt: given(input.starts_at, date),
      endsAt: given(input.ends_at, date),
      url: given(input.url, (v) => link('url', v, {}) ?? undefined),
      audience: input.audience,
      packageId: audience === 'package' ? packageId : null,
      recordingLessonId: input.recording_lesson_id,
      isPublished: input.is_published,
      timeZone: given(input.time_zone, (tz) => {
        if (!isTimeZone(tz)) throw FieldErrors.of('time_zone', 'time_zone_invalid');
        return tz;
      }),
    };
    if (input.url !== undefined && !out.url) throw FieldErrors.of('url', 'field_required');
    const start = out.startsAt ?? existing?.startsAt;
    const end = out.endsAt ?? existing?.endsAt;
    if (end && start && end.getTime() <= start.getTime()) throw FieldErrors.of('ends_at', 'broadcast_end_before_start');
    return out;
  },
  view: (r) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    starts_at: r.startsAt.toISOString(),
    ends_at: r.endsAt.toISOString(),
    time_zone: r.timeZone,
    url: r.url,
    audience: r.audience,
    package_id: r.packageId,
    recording_lesson_id: r.recordingLessonId,
    is_published: r.isPublished,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  }),
};
