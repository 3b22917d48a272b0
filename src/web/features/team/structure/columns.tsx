import { Box, Chip, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import type { SchemaStructureUser, SchemaUserBrief } from '../../../../api/schema';
import { CountryName } from '../../../common/CountryName';
import { fmtDate, fmtDateTime, fmtMoney } from '../../../common/format';
import { fmtPhone } from '../../../common/phone';
import { StatusChip } from '../StatusChip';

const name = (u?: SchemaUserBrief | null) => (u ? `${u.first_name} ${u.last_name}`.trim() : '—');

const chips = (tags: SchemaStructureUser['tags']) =>
  tags.length ? (
    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
      {tags.map((t) => (
        <Chip key={t.id} size="small" label={t.name} />
      ))}
    </Stack>
  ) : (
    '—'
  );

/**
 * How each structure column shows a row (keys as the server's `columns` name them): dates in the member's
 * zone `tz`, money in the interface language `locale`.
 */
export function renderCell(key: string, r: SchemaStructureUser, tz: string | undefined, locale: string): ReactNode {
  switch (key) {
    case 'status':
      return <StatusChip status={r.status} />;
    case 'referrer':
      return name(r.referrer);
    case 'responsible':
      return name(r.responsible);
    case 'tags':
      // A grouped tag shows in its group's column only; this one holds the rest ("Other tags" then).
      return chips(r.tags.filter((t) => t.group_id === null));
    case 'country':
      return r.country ? <CountryName code={r.country} /> : '—';
    case 'phone':
      return r.phone ? fmtPhone(r.phone) : '—';
    case 'is_partner':
      return r.is_partner ? '✓' : '';
    case 'donations_current':
      return fmtMoney(r.donations_current, locale);
    case 'donations_prev':
      return fmtMoney(r.donations_prev, locale);
    case 'date_joined':
      return fmtDate(r.date_joined, tz);
    case 'subscription_ends_at':
      return r.subscription_ends_at ? fmtDate(r.subscription_ends_at, tz) : '—';
    case 'last_login':
      return r.last_login ? fmtDateTime(r.last_login, tz) : '—';
    default: {
      const groupId = /^tag_group_(\d+)$/.exec(key)?.[1];
      if (groupId) return chips(r.tags.filter((t) => t.group_id === Number(groupId)));
      const v = (r as Record<string, unknown>)[key];
      if (v === null || v === undefined || v === '') return '—';
      return typeof v === 'string'
        ? v
        : typeof v === 'number' || typeof v === 'boolean'
          ? String(v)
          : JSON.stringify(v);
    }
  }
}

/**
 * A row on a phone, in one cell instead of a table wider than the screen: the name, then the status
 * and every tag, then this month's donations and the joining date under the labels of their columns
 * (`label`: the server's, in the reader's language). The person page has the rest.
 */
export function phoneCell(
  r: SchemaStructureUser,
  label: (key: string) => string,
  tz: string | undefined,
  locale: string,
): ReactNode {
  return (
    <Stack spacing={0.5} sx={{ minWidth: 0 }}>
      <Box component="span" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
        {name(r)}
      </Box>
      <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
        <StatusChip status={r.status} />
        {r.tags.map((t) => (
          <Chip key={t.id} size="small" label={t.name} />
        ))}
      </Stack>
      <Box component="span" sx={{ color: 'text.secondary', typography: 'caption', overflowWrap: 'anywhere' }}>
        {`${label('donations_current')}: ${fmtMoney(r.donations_current, locale)} · ${label('date_joined')}: ${fmtDate(r.date_joined, tz)}`}
      </Box>
    </Stack>
  );
}

/** Shown until the member picks otherwise (the ColumnsButton keeps the choice per browser). */
export const HIDDEN_BY_DEFAULT: readonly string[] = [
  'email',
  'phone',
  'country',
  'is_partner',
  'responsible',
  'package',
  'subscription_ends_at',
  'last_login',
];

/**
 * Also hidden by default below 1536 px (a 1366 px laptop, a tablet, a phone), so the rest fits beside the
 * side menu in every language (Russian's headers are the widest): the depth, the invitee count, last
 * month's donations and the city are the least asked for here (the person page has them), and the
 * ColumnsButton brings them back.
 */
export const HIDDEN_ON_LAPTOPS: readonly string[] = ['level', 'children_count', 'donations_prev', 'city'];
