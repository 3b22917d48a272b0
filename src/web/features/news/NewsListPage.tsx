import { Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';
import Newspaper from '@mui/icons-material/Newspaper';
import { useTranslate } from 'react-admin';
import { useLearningList } from '../../providers/data/learningHooks';
import { MemberPage } from '../../common/MemberPage';
import { Pager } from '../../common/Pager';
import { SearchField } from '../../common/SearchField';
import { EmptyBlock, QueryState } from '../../common/States';
import { usePaging } from '../../common/usePaging';
import { NewsCard } from './NewsCard';

const PAGE_SIZE = 10;

/** /news: published news, newest first, paged and searchable; important ones highlighted or alone. */
export default function NewsListPage() {
  const translate = useTranslate();
  const { page, q, setPage, setQ, params, setParams } = usePaging();
  const onlyImportant = params.get('important') === '1';
  const query = useLearningList('learning/news', {
    pagination: { page, perPage: PAGE_SIZE },
    filter: { q, important: onlyImportant },
  });
  return (
    <MemberPage
      title={translate('atrium.learning.news.title')}
      actions={<SearchField value={q} onChange={setQ} label={translate('atrium.learning.news.search')} />}
      maxWidth={900}
    >
      <ToggleButtonGroup
        size="small"
        exclusive
        value={onlyImportant ? 'important' : 'all'}
        onChange={(_, v: string | null) => {
          if (!v) return;
          setParams((prev) => {
            const p = new URLSearchParams(prev);
            if (v === 'important') p.set('important', '1');
            else p.delete('important');
            p.delete('page');
            return p;
          });
        }}
        sx={{ mb: 2 }}
        aria-label={translate('atrium.learning.news.show')}
      >
        <ToggleButton value="all">{translate('atrium.learning.news.all')}</ToggleButton>
        <ToggleButton value="important">{translate('atrium.learning.news.only_important')}</ToggleButton>
      </ToggleButtonGroup>
      <QueryState query={query}>
        {(news) =>
          news.length ? (
            <>
              <Stack spacing={1.5}>
                {news.map((n) => (
                  <NewsCard key={n.id} item={n} />
                ))}
              </Stack>
              <Pager count={query.total ?? 0} pageSize={PAGE_SIZE} page={page} onChange={setPage} />
            </>
          ) : (
            <EmptyBlock
              icon={<Newspaper />}
              text={translate(q || onlyImportant ? 'atrium.learning.news.nothing_found' : 'atrium.learning.news.empty')}
            />
          )
        }
      </QueryState>
    </MemberPage>
  );
}
