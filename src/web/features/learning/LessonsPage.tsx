import School from '@mui/icons-material/School';
import { useTranslate } from 'react-admin';
import { useLearningList } from './hooks';
import { ListRows, ListSearch, MemberListBase, useListFilter } from '../../common/MemberList';
import { MemberPage, Section } from '../../common/MemberPage';
import { EmptyBlock, QueryState } from '../../common/States';
import { CategoryCard } from './CategoryCard';
import { LessonGrid, ListedLessons } from './LessonCard';
import { CardGrid } from '../../common/CardGrid';

const PAGE_SIZE = 12;

/**
 * The search over all lessons is asked only once there is text to search: the overview shows the
 * categories and the free lessons instead (the query's key carries the filter react-admin read from the address).
 */
const searching = ({ queryKey }: { queryKey: readonly unknown[] }) =>
  Boolean((queryKey[2] as { filter?: { q?: string } } | undefined)?.filter?.q);

/** /lessons: the categories with the member's completion, the free lessons, and a search over all lessons. */
export default function LessonsPage() {
  return (
    <MemberListBase
      resource="learning/lessons"
      storeKey="learning/lessons.search"
      perPage={PAGE_SIZE}
      filter={{ category: null }}
      enabled={searching}
    >
      <Lessons />
    </MemberListBase>
  );
}

function Lessons() {
  const translate = useTranslate();
  const { q } = useListFilter();
  return (
    <MemberPage
      title={translate('atrium.learning.lessons.title')}
      actions={<ListSearch label={translate('atrium.learning.lessons.search')} />}
    >
      {q ? (
        <Section title={translate('atrium.learning.lessons.search_results', { q })} id="results-heading">
          <ListRows empty={<EmptyBlock text={translate('atrium.learning.lessons.nothing_found')} />}>
            <ListedLessons />
          </ListRows>
        </Section>
      ) : (
        <Overview />
      )}
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
