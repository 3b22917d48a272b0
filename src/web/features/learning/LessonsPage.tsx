import School from '@mui/icons-material/School';
import { useTranslate } from 'react-admin';
import { useLearningList } from '../../providers/data/learningHooks';
import { MemberPage, Section } from '../../common/MemberPage';
import { Pager } from '../../common/Pager';
import { SearchField } from '../../common/SearchField';
import { EmptyBlock, QueryState } from '../../common/States';
import { usePaging } from '../../common/usePaging';
import { CategoryCard } from './CategoryCard';
import { LessonGrid } from './LessonCard';
import { CardGrid } from '../../common/CardGrid';

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
  const categories = useLearningList('learning/categories', {});
  const free = useLearningList('learning/lessons', { filter: { free: true } });
  return (
    <>
      <Section title={translate('atrium.learning.lessons.categories')} id="categories-heading">
        <QueryState query={categories}>
          {(list) =>
            list.length ? (
              <CardGrid columns={{ xs: 1, sm: 2, lg: 3 }}>
                {list.map((c) => (
                  <CategoryCard key={c.id} category={c} />
                ))}
              </CardGrid>
            ) : (
              <EmptyBlock icon={<School />} text={translate('atrium.learning.lessons.no_categories')} />
            )
          }
        </QueryState>
      </Section>
      <Section title={translate('atrium.learning.lessons.free_lessons')} id="free-heading">
        <QueryState query={free}>
          {(list) =>
            list.length ? (
              <LessonGrid lessons={list} />
            ) : (
              <EmptyBlock text={translate('atrium.learning.lessons.no_free')} />
            )
          }
        </QueryState>
      </Section>
    </>
  );
}

function SearchResults({ q, page, setPage }: { q: string; page: number; setPage: (p: number) => void }) {
  const translate = useTranslate();
  const found = useLearningList('learning/lessons', {
    pagination: { page, perPage: PAGE_SIZE },
    filter: { category: null, q },
  });
  return (
    <Section title={translate('atrium.learning.lessons.search_results', { q })} id="results-heading">
      <QueryState query={found}>
        {(lessons) =>
          lessons.length ? (
            <>
              <LessonGrid lessons={lessons} />
              <Pager count={found.total ?? 0} pageSize={PAGE_SIZE} page={page} onChange={setPage} />
            </>
          ) : (
            <EmptyBlock text={translate('atrium.learning.lessons.nothing_found')} />
          )
        }
      </QueryState>
    </Section>
  );
}
