import type { ReactNode } from 'react';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import ArrowForward from '@mui/icons-material/ArrowForward';
import Event from '@mui/icons-material/Event';
import MenuBook from '@mui/icons-material/MenuBook';
import Newspaper from '@mui/icons-material/Newspaper';
import School from '@mui/icons-material/School';
import VolunteerActivism from '@mui/icons-material/VolunteerActivism';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { SchemaDashboardLessons } from '../../../api/schema';
import { useConfigs, useImportantNews, useLearningList, useNearestEvents, useNewBook } from '../learning/hooks';
import { BookCover, PriceChip } from '../books/public';
import { DonateButton } from '../payments/public';
import { EventCard } from '../events/public';
import { fmtDate, useFmtMoney, useTimeZone } from '../../common/format';
import { LessonCard } from '../learning/public';
import { NewsCard } from '../news/public';
import { EmptyBlock, QueryState } from '../../common/States';
import { ZoneNote } from '../../common/ZoneNote';

/** A dashboard box: a heading, a link to the whole list, and its content. */
function Box2({
  title,
  to,
  more,
  children,
  testId,
}: {
  title: string;
  to?: string;
  more?: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Box component="section" data-testid={testId} aria-label={title}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5, columnGap: 1, flexWrap: 'wrap' }}
      >
        <Typography variant="h6" component="h2" sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        {to && more && (
          <Button component={Link} to={to} size="small" endIcon={<ArrowForward />} sx={{ ml: 'auto' }}>
            {more}
          </Button>
        )}
      </Stack>
      {children}
    </Box>
  );
}

/** Important news, highlighted above everything else; nothing when there is none. */
export function ImportantNews() {
  const translate = useTranslate();
  const tz = useTimeZone();
  const query = useImportantNews();
  const items = (query.data ?? []).slice(0, 3);
  if (!items.length) return null;
  return (
    <Stack
      spacing={1.5}
      sx={{ mb: 3 }}
      data-testid="dashboard-important"
      component="section"
      aria-label={translate('atrium.learning.dashboard.important')}
    >
      {items.map((n) => (
        <Alert
          key={n.id}
          severity="warning"
          variant="outlined"
          sx={{ bgcolor: 'background.paper', '& .MuiAlert-message': { minWidth: 0, flexGrow: 1 } }}
          action={
            <Button
              component={Link}
              to={`/news/view/${n.id}`}
              color="inherit"
              size="small"
              sx={{ whiteSpace: 'nowrap' }}
            >
              {translate('atrium.learning.dashboard.read')}
            </Button>
          }
        >
          <AlertTitle sx={{ fontWeight: 600, mb: 0.25 }}>{n.title}</AlertTitle>
          <Typography variant="body2">
            {fmtDate(n.published_at, tz)}
            {n.summary ? ` · ${n.summary}` : ''}
          </Typography>
        </Alert>
      ))}
    </Stack>
  );
}

/** Lessons to continue; when there are none, the newest lessons. */
export function LessonsBox({
  query,
}: {
  query: { data: SchemaDashboardLessons | undefined; error: unknown; isPending: boolean; refetch: () => unknown };
}) {
  const translate = useTranslate();
  const inProgress = (query.data?.in_progress.length ?? 0) > 0;
  return (
    <Box2
      title={translate(inProgress ? 'atrium.learning.dashboard.continue' : 'atrium.learning.dashboard.new_lessons')}
      to="/lessons"
      more={translate('atrium.learning.dashboard.all_lessons')}
      testId="dashboard-lessons"
    >
      <QueryState query={query}>
        {(d) => {
          // The started lessons first, then the newest ones to fill the row.
          const list = [...d.in_progress, ...d.latest].slice(0, 3);
          return list.length ? (
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } }}>
              {list.map((l) => (
                <LessonCard key={l.id} lesson={l} />
              ))}
            </Box>
          ) : (
            <Paper variant="outlined">
              <EmptyBlock icon={<School />} text={translate('atrium.learning.dashboard.no_lessons')} />
            </Paper>
          );
        }}
      </QueryState>
    </Box2>
  );
}

export function NewsBox() {
  const translate = useTranslate();
  const query = useLearningList('learning/news', { pagination: { page: 1, perPage: 4 } });
  return (
    <Box2
      title={translate('atrium.learning.dashboard.news')}
      to="/news"
      more={translate('atrium.learning.dashboard.all_news')}
      testId="dashboard-news"
    >
      <QueryState query={query}>
        {(news) =>
          news.length ? (
            <Stack spacing={1.5}>
              {news.map((n) => (
                <NewsCard key={n.id} item={n} dense />
              ))}
            </Stack>
          ) : (
            <Paper variant="outlined">
              <EmptyBlock icon={<Newspaper />} text={translate('atrium.news.empty')} />
            </Paper>
          )
        }
      </QueryState>
    </Box2>
  );
}

export function EventsBox() {
  const translate = useTranslate();
  const query = useNearestEvents(3);
  return (
    <Box2
      title={translate('atrium.learning.dashboard.events')}
      to="/events"
      more={translate('atrium.learning.dashboard.all_events')}
      testId="dashboard-events"
    >
      <QueryState query={query}>
        {(list) =>
          list.length ? (
            <Stack spacing={1.5}>
              {/* Whose clock the times are on, as the events page says: the browser may be in another zone. */}
              <ZoneNote message="atrium.events.zone_note" caption />
              {list.map((e) => (
                <EventCard key={e.id} event={e} dense />
              ))}
            </Stack>
          ) : (
            <Paper variant="outlined">
              <EmptyBlock icon={<Event />} text={translate('atrium.events.no_upcoming')} />
            </Paper>
          )
        }
      </QueryState>
    </Box2>
  );
}

export function NewBookBox() {
  const translate = useTranslate();
  const query = useNewBook();
  return (
    <Box2
      title={translate('atrium.learning.dashboard.new_book')}
      to="/books"
      more={translate('atrium.learning.dashboard.all_books')}
      testId="dashboard-book"
    >
      <QueryState query={query}>
        {({ book }) =>
          book ? (
            <Card variant="outlined">
              <CardActionArea component={Link} to={`/books/${book.id}`}>
                <CardContent sx={{ display: 'flex', gap: 2 }}>
                  <BookCover
                    cover={book.cover}
                    title={book.title}
                    compact
                    sx={{ width: 84, flexShrink: 0, boxShadow: 1 }}
                  />
                  <Stack spacing={0.5} sx={{ minWidth: 0 }}>
                    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
                      {book.title}
                    </Typography>
                    {book.author && (
                      <Typography variant="body2" color="text.secondary">
                        {book.author}
                      </Typography>
                    )}
                    <Box>
                      <PriceChip book={book} />
                    </Box>
                  </Stack>
                </CardContent>
              </CardActionArea>
            </Card>
          ) : (
            <Paper variant="outlined">
              <EmptyBlock icon={<MenuBook />} text={translate('atrium.books.empty')} />
            </Paper>
          )
        }
      </QueryState>
    </Box2>
  );
}

/** Invites a donation: the donation dialog, and the member's own donations on the subscription page. */
export function DonationBox() {
  const translate = useTranslate();
  const money = useFmtMoney();
  const configs = useConfigs();
  if (configs.data?.configs['donations.enabled'] === false) return null;
  const min = configs.data?.configs['donations.min_amount'];
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2.5, bgcolor: 'rgba(38, 166, 154, 0.06)', borderColor: 'secondary.light' }}
      data-testid="dashboard-donation"
      component="section"
      aria-label={translate('atrium.learning.dashboard.donate_title')}
    >
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <VolunteerActivism color="secondary" />
          <Typography variant="h6" component="h2" sx={{ fontWeight: 600 }}>
            {translate('atrium.learning.dashboard.donate_title')}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {translate('atrium.learning.dashboard.donate_text')}
          {typeof min === 'number' && min > 0
            ? ` ${translate('atrium.learning.dashboard.donate_min', { amount: money(min.toFixed(2)) })}`
            : ''}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <DonateButton variant="contained" color="secondary" />
          <Button color="secondary" component={Link} to="/subscription#donations">
            {translate('atrium.payments.donation.mine')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
