import { Box, Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import MenuBook from '@mui/icons-material/MenuBook';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { SchemaBookBrief } from '../../../api/schema';
import { useLearningList } from '../../providers/data/learningHooks';
import { MemberPage } from '../../common/MemberPage';
import { EmptyBlock, QueryState } from '../../common/States';
import { BookCover } from './BookCover';
import { PriceChip } from './PriceChip';

/** /books: every published book, newest first, with price or purchase state. */
export default function BooksPage() {
  const translate = useTranslate();
  const books = useLearningList('learning/books', {});
  return (
    <MemberPage title={translate('atrium.learning.books.title')}>
      <QueryState query={books}>
        {(list) =>
          list.length ? (
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: {
                  xs: 'repeat(2, minmax(0, 1fr))',
                  sm: 'repeat(3, minmax(0, 1fr))',
                  md: 'repeat(4, minmax(0, 1fr))',
                  lg: 'repeat(5, minmax(0, 1fr))',
                },
              }}
            >
              {list.map((b, i) => (
                <BookCard key={b.id} book={b} isNew={i === 0} />
              ))}
            </Box>
          ) : (
            <EmptyBlock icon={<MenuBook />} text={translate('atrium.learning.books.empty')} />
          )
        }
      </QueryState>
    </MemberPage>
  );
}

function BookCard({ book, isNew }: { book: SchemaBookBrief; isNew?: boolean }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid="book-card">
      <CardActionArea
        component={Link}
        to={`/books/${book.id}`}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <Box sx={{ p: { xs: 1.5, sm: 2 }, pb: 0, position: 'relative' }}>
          <BookCover cover={book.cover} title={book.title} />
          {isNew && (
            <Typography
              variant="caption"
              sx={{
                position: 'absolute',
                top: { xs: 20, sm: 24 },
                left: { xs: 20, sm: 24 },
                bgcolor: 'secondary.main',
                color: 'common.white',
                px: 1,
                borderRadius: 1,
                fontWeight: 600,
              }}
            >
              {translate('atrium.learning.books.new')}
            </Typography>
          )}
        </Box>
        <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
          <Typography variant="subtitle2" component="h2" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
            {book.title}
          </Typography>
          {book.author && (
            <Typography variant="caption" color="text.secondary">
              {book.author}
            </Typography>
          )}
          <Box sx={{ flexGrow: 1 }} />
          <Stack direction="row" sx={{ mt: 1 }}>
            <PriceChip book={book} />
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
