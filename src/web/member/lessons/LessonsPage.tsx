import { Box } from '@mui/material';
import School from '@mui/icons-material/School';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { api, unwrap } from '../../../api/client';
import { MemberPage, Section } from '../common/MemberPage';
import { Pager } from '../common/Pager';
import { useLearningKey } from '../common/queries';
import { SearchField } from '../common/SearchField';
import { EmptyBlock, QueryState } from '../common/States';
import { usePaging } from '../common/usePaging';
import { CategoryCard } from './CategoryCard';
import { LessonGrid } from './LessonCard';

const PAGE_SIZE = 12;

/** /lessons: the categories with the member's completion, the free lessons, and a search over all lessons. */
export default function LessonsPage() {
  const translate = useTranslate();
  const { page, q, setPage, setQ } = usePaging();
  return (
    <MemberPage
      title={translate('atrium.learning.lessons.title')}
      actions={<SearchField value={q} onChange={setQ} label={translate('atrium.learning.lessons.search')} />}
    >
      {q ? <SearchResults q={q} page={page} setPage={setPage} /> : <Overview />}
    </MemberPage>
  );
}

function Overview() {
  const translate = useTranslate();
  const key = useLearningKey();
  const categories = useQuery({ queryKey: key('categories'), queryFn: () => unwrap(api.GET('/navigator/categories/list/')) });
  const free = useQuery({ queryKey: key('free'), queryFn: () => unwrap(api.GET('/navigator/lesson/free/list/')) });
  return (
    <>
      <Section title={translate('atrium.learning.lessons.categories')} id="categories-heading">
        <QueryState query={categories}>
          {(list) =>
            list.length ? (
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' } }}>
                {list.map((c) => (
                  <CategoryCard key={c.id} category={c} />
                ))}
              </Box>
            ) : (
              <EmptyBlock icon={<School />} text={translate('atrium.learning.lessons.no_categories')} />
            )
          }
        </QueryState>
      </Section>
      <Section title={translate('atrium.learning.lessons.free_lessons')} id="free-heading">
        <QueryState query={free}>
          {(list) => (list.length ? <LessonGrid lessons={list} /> : <EmptyBlock text={translate('atrium.learning.lessons.no_free')} />)}
        </QueryState>
      </Section>
    </>
  );
}

function SearchResults({ q, page, setPage }: { q: string; page: number; setPage: (p: number) => void }) {
  const translate = useTranslate();
  const key = useLearningKey();
  const found = useQuery({
    queryKey: key('lessons', null, q, page),
    queryFn: () =>
      unwrap(api.POST('/navigator/lesson/list/', { params: { query: { page, page_size: PAGE_SIZE, search: q } }, body: { category: null } })),
    placeholderData: (prev) => prev,
  });
  return (
    <Section title={translate('atrium.learning.lessons.search_results', { q })} id="results-heading">
      <QueryState query={found}>
        {(res) =>
          res.results.length ? (
            <>
              <LessonGrid lessons={res.results} />
              <Pager count={res.count} pageSize={PAGE_SIZE} page={page} onChange={setPage} />
            </>
          ) : (
            <EmptyBlock text={translate('atrium.learning.lessons.nothing_found')} />
          )
        }
      </QueryState>
    </Section>
  );
}
