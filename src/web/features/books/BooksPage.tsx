import { Typography } from '@mui/material';
import MenuBook from '@mui/icons-material/MenuBook';
import { useTranslate } from 'react-admin';
import type { SchemaBookBrief } from '../../../api/schema';
import { useLearningList } from '../learning/hooks';
import { CardGrid, LinkCard } from '../../common/CardGrid';
import { MemberPage } from '../../common/MemberPage';
import { EmptyBlock, QueryState } from '../../common/States';
import { BookCover } from './BookCover';
import { PriceChip } from './PriceChip';

/** /books: every published book, newest first, with price or purchase state. */
export default function BooksPage() {
  const translate = useTranslate();
  const books = useLearningList('learning/books', {});
  return (
    <MemberPage title={translate('atrium.books.title')}>
      <QueryState query={books}>
        {(list) =>
          list.length ? (
            <CardGrid columns={{ xs: 2, sm: 3, md: 4, lg: 5 }}>
              {list.map((b, i) => (
                <BookCard key={b.id} book={b} isNew={i === 0} />
              ))}
            </CardGrid>
          ) : (
            <EmptyBlock icon={<MenuBook />} text={translate('atrium.books.empty')} />
          )
        }
      </QueryState>
    </MemberPage>
  );
}

function BookCard({ book, isNew }: { book: SchemaBookBrief; isNew?: boolean }) {
  const translate = useTranslate();
  return (
    <LinkCard
      to={`/books/${book.id}`}
      testId="book-card"
      title={book.title}
      media={
        <>
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
              {translate('atrium.books.new')}
            </Typography>
          )}
        </>
      }
      chip={<PriceChip book={book} />}
    >
      {book.author && (
        <Typography variant="caption" color="text.secondary">
          {book.author}
        </Typography>
      )}
    </LinkCard>
  );
}
