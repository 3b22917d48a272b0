import { Suspense } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import AutoStories from '@mui/icons-material/AutoStories';
import Download from '@mui/icons-material/Download';
import ShoppingCart from '@mui/icons-material/ShoppingCart';
import { useNotify, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { SchemaBookDetail } from '../../../api/schema';
import { useNotifyError } from '../../common/errors';
import { useLearningRecord, usePurchaseBook } from '../learning/hooks';
import { fmtDate, useFmtMoney, useTimeZone } from '../../common/format';
import { HtmlContent } from '../../common/HtmlContent';
import { MemberPage } from '../../common/MemberPage';
import { LoadingBlock, QueryState } from '../../common/States';
import { BookCover } from './BookCover';
import { PriceChip } from './PriceChip';
import { lazyScreen } from '../../common/lazyScreen';
import { useUrlDialog } from '../../common/urlState';

// pdf.js is large: it loads only when a book is opened for reading.
const PdfReader = lazyScreen(() => import('./PdfReader'));

/** How often a book whose purchase is pending is read again. */
const PENDING_POLL_MS = 3000;

/** /books/:id — cover, description, price; read online when free or bought, else buy. */
export default function BookPage() {
  const translate = useTranslate();
  const id = Number(useParams().id);
  // Back from the card payment the purchase may still wait for the provider's word: read the book
  // again until it is decided, so Read and Download appear without a reload.
  const query = useLearningRecord('learning/books', id, {
    refetchOnWindowFocus: false,
    refetchInterval: (q) => (q.state.data?.purchase_status === 'pending' ? PENDING_POLL_MS : false),
  });
  return (
    <MemberPage
      title={query.data?.title ?? translate('atrium.books.title')}
      back={{ to: '/books', label: translate('atrium.books.all') }}
      maxWidth={1040}
    >
      <QueryState query={query} minHeight={320}>
        {(book) => <BookBody book={book} />}
      </QueryState>
    </MemberPage>
  );
}

const LANGUAGES = { ru: 'atrium.languages.ru', en: 'atrium.languages.en', de: 'atrium.languages.de' } as const;

function BookBody({ book }: { book: SchemaBookDetail }) {
  const translate = useTranslate();
  const tz = useTimeZone();
  // The reader open at `?read=1`: Back closes it, a reload keeps it open.
  const reader = useUrlDialog('read');
  const reading = reader.open;
  const facts = [
    book.author && [translate('atrium.books.author'), book.author],
    book.pages && [translate('atrium.books.pages'), String(book.pages)],
    book.language && [translate('atrium.books.language'), translate(LANGUAGES[book.language])],
    [translate('atrium.books.published'), fmtDate(book.published_at, tz)],
  ].filter(Boolean) as Array<[string, string]>;
  return (
    <Stack spacing={3}>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2, sm: 4 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '220px minmax(0, 1fr)', md: '260px minmax(0, 1fr)' },
        }}
      >
        <Box sx={{ maxWidth: { xs: 200, sm: 'none' }, mx: { xs: 'auto', sm: 0 }, width: '100%' }}>
          <BookCover cover={book.cover} title={book.title} />
        </Box>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1}>
            <PriceChip book={book} />
          </Stack>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
          >
            {facts.map(([k, v]) => (
              <Box key={k} sx={{ display: 'contents' }}>
                <Typography component="dt" color="text.secondary" variant="body2">
                  {k}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                  {v}
                </Typography>
              </Box>
            ))}
          </Box>
          <BookActions book={book} reading={reading} onRead={reader.show} />
          {book.description && <HtmlContent html={book.description} />}
        </Stack>
      </Box>
      {reading && book.pdf && (
        <Box id="reader">
          <Suspense fallback={<LoadingBlock minHeight={400} />}>
            <PdfReader url={book.pdf} title={book.title} />
          </Suspense>
        </Box>
      )}
    </Stack>
  );
}

function BookActions({ book, reading, onRead }: { book: SchemaBookDetail; reading: boolean; onRead: () => void }) {
  const translate = useTranslate();
  const money = useFmtMoney();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const { purchase, isPending: busy } = usePurchaseBook();
  const buy = async () => {
    try {
      const res = await purchase(book.id);
      if (res.status === 'payment_required' && res.payment_url) {
        window.location.assign(res.payment_url);
        return;
      }
      notify(res.status === 'purchased' ? 'atrium.books.bought' : 'atrium.books.pending_notice', {
        type: res.status === 'purchased' ? 'success' : 'info',
      });
    } catch (err) {
      // Refused (e.g. bought meanwhile in another tab): usePurchaseBook reloads the book as it is now.
      notifyError(err);
    }
  };

  if (book.can_read && book.pdf) {
    return (
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button
          variant="contained"
          startIcon={<AutoStories />}
          onClick={() => {
            onRead();
            setTimeout(() => document.getElementById('reader')?.scrollIntoView({ behavior: 'smooth' }), 50);
          }}
          disabled={reading}
          data-testid="read-book"
        >
          {translate('atrium.books.read')}
        </Button>
        <Button variant="outlined" startIcon={<Download />} href={book.pdf} download target="_blank" rel="noopener">
          {translate('atrium.books.download')}
        </Button>
      </Stack>
    );
  }
  if (book.can_read) {
    // Free or bought, but its file is not there (yet): nothing to buy, nothing to open.
    return (
      <Alert severity="info" data-testid="book-no-file">
        {translate('atrium.books.no_file')}
      </Alert>
    );
  }
  if (book.purchase_status === 'pending') {
    return (
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="info" data-testid="purchase-pending">
          {translate('atrium.books.pending_text')}
        </Alert>
        {/* Buying again answers the same open checkout: the member resumes paying it. */}
        <Button
          variant="contained"
          startIcon={<ShoppingCart />}
          onClick={() => void buy()}
          disabled={busy}
          data-testid="resume-book-payment"
        >
          {translate('atrium.books.pay_pending')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="contained"
        startIcon={<ShoppingCart />}
        onClick={() => void buy()}
        disabled={busy}
        data-testid="buy-book"
      >
        {translate('atrium.books.buy', { price: money(book.price) })}
      </Button>
      {book.purchase_status === 'canceled' && (
        <Typography variant="body2" color="text.secondary">
          {translate('atrium.books.canceled_text')}
        </Typography>
      )}
    </Stack>
  );
}
