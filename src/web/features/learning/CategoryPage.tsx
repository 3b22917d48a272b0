import { Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { SchemaLessonBrief } from '../../../api/schema';
import type { LessonListMeta } from './data';
import { notFound } from './hooks';
import { ListRows, ListSearch, MemberListBase, useListFilter } from '../../common/MemberList';
import { MemberPage } from '../../common/MemberPage';
import { isRecordId } from '../../common/urlState';
import { useFilterField } from '../../common/SharedFilterForm';
import { EmptyBlock, ErrorBlock, QueryState } from '../../common/States';
import { CategoryProgress } from './CategoryCard';
import { ListedLessons } from './LessonCard';

const PAGE_SIZE = 12;
type Show = 'all' | 'todo' | 'done';

/** /lessons/category/:id — the lessons of one category, paged and searchable, with the member's completion. */
export default function CategoryPage() {
  const translate = useTranslate();
  const id = Number(useParams().id);
  if (!isRecordId(id))
    return (
      <MemberPage title={translate('atrium.learning.lessons.title')} back={BACK(translate)}>
        <ErrorBlock error={notFound} />
      </MemberPage>
    );
  return (
    // Each category keeps its own page, search and completion filter.
    <MemberListBase
      key={id}
      resource="learning/lessons"
      storeKey={`learning/lessons.category.${String(id)}`}
      perPage={PAGE_SIZE}
      filter={{ category: id }}
    >
      <CategoryLessons />
    </MemberListBase>
  );
}

const BACK = (translate: (key: string) => string) => ({
  to: '/lessons',
  label: translate('atrium.learning.lessons.all_categories'),
});

function CategoryLessons() {
  const translate = useTranslate();
  const list = useListContext<SchemaLessonBrief>();
  const filter = useListFilter();
  // A field of the list's filter form with the search: a click and a search typed at once both hold.
  const [completed, setCompleted] = useFilterField<boolean>('completed');
  const show: Show = completed === undefined ? 'all' : completed ? 'done' : 'todo';
  const category = (list.meta as LessonListMeta | undefined)?.category;
  return (
    <MemberPage title={category?.title ?? translate('atrium.learning.lessons.title')} back={BACK(translate)}>
      {/* Until the category's first page arrives (or when it cannot), only the wait or the failure. */}
      <QueryState query={list}>
        {() => (
          <>
            {category && (
              <Stack spacing={1} sx={{ mb: 3 }}>
                {category.description && <Typography color="text.secondary">{category.description}</Typography>}
                <Stack direction="row" spacing={2} sx={{ alignItems: 'center', maxWidth: 480 }}>
                  <Stack sx={{ flexGrow: 1 }}>
                    <CategoryProgress category={category} />
                  </Stack>
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    sx={{ whiteSpace: 'nowrap' }}
                    data-testid="category-progress"
                  >
                    {translate('atrium.learning.lessons.category_progress', {
                      done: category.completed_count,
                      total: category.lessons_count,
                      smart_count: category.lessons_count,
                    })}
                  </Typography>
                </Stack>
              </Stack>
            )}
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1.5}
              sx={{ mb: 2, justifyContent: 'space-between' }}
            >
              <ToggleButtonGroup
                size="small"
                exclusive
                value={show}
                onChange={(_, v: Show | null) => {
                  if (v) setCompleted(v === 'all' ? null : v === 'done');
                }}
                aria-label={translate('atrium.learning.lessons.show')}
              >
                <ToggleButton value="all">{translate('atrium.learning.lessons.show_all')}</ToggleButton>
                <ToggleButton value="todo">{translate('atrium.learning.lessons.show_todo')}</ToggleButton>
                <ToggleButton value="done">{translate('atrium.learning.lessons.show_done')}</ToggleButton>
              </ToggleButtonGroup>
              <ListSearch label={translate('atrium.learning.lessons.search_in_category')} />
            </Stack>
            <ListRows
              empty={
                <EmptyBlock
                  text={translate(
                    filter.q || filter.completed !== undefined
                      ? 'atrium.learning.lessons.nothing_found'
                      : 'atrium.learning.lessons.empty_category',
                  )}
                />
              }
            >
              <ListedLessons showCategory={false} />
            </ListRows>
          </>
        )}
      </QueryState>
    </MemberPage>
  );
}
