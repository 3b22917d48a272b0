import { Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { LessonListMeta } from '../../providers/data/lessons';
import { notFound, useLearningList } from '../../providers/data/learningHooks';
import { MemberPage } from '../../common/MemberPage';
import { Pager } from '../../common/Pager';
import { SearchField } from '../../common/SearchField';
import { EmptyBlock, QueryState } from '../../common/States';
import { usePaging } from '../../common/usePaging';
import { CategoryProgress } from './CategoryCard';
import { LessonGrid } from './LessonCard';

const PAGE_SIZE = 12;
type Show = 'all' | 'todo' | 'done';

/** /lessons/category/:id — the lessons of one category, paged and searchable, with the member's completion. */
export default function CategoryPage() {
  const translate = useTranslate();
  const id = Number(useParams().id);
  const { page, q, setPage, setQ, params, setParams } = usePaging();
  const show = (params.get('show') as Show | null) ?? 'all';
  const completed = show === 'all' ? undefined : show === 'done';
  const valid = Number.isInteger(id) && id > 0;
  const query = useLearningList(
    'learning/lessons',
    {
      pagination: { page, perPage: PAGE_SIZE },
      filter: { category: id, q, ...(completed === undefined ? {} : { completed }) },
    },
    { enabled: valid },
  );
  const category = (query.meta as LessonListMeta | undefined)?.category;
  const setShow = (next: Show) => {
    setParams((prev) => {
      const p = new URLSearchParams(prev);
      if (next === 'all') p.delete('show');
      else p.set('show', next);
      p.delete('page');
      return p;
    });
  };
  return (
    <MemberPage
      title={category?.title ?? translate('atrium.learning.lessons.title')}
      back={{ to: '/lessons', label: translate('atrium.learning.lessons.all_categories') }}
    >
      <QueryState query={valid ? query : { ...query, isPending: false, error: notFound }}>
        {(lessons) => (
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
                  if (v) setShow(v);
                }}
                aria-label={translate('atrium.learning.lessons.show')}
              >
                <ToggleButton value="all">{translate('atrium.learning.lessons.show_all')}</ToggleButton>
                <ToggleButton value="todo">{translate('atrium.learning.lessons.show_todo')}</ToggleButton>
                <ToggleButton value="done">{translate('atrium.learning.lessons.show_done')}</ToggleButton>
              </ToggleButtonGroup>
              <SearchField value={q} onChange={setQ} label={translate('atrium.learning.lessons.search_in_category')} />
            </Stack>
            {lessons.length ? (
              <>
                <LessonGrid lessons={lessons} showCategory={false} />
                <Pager count={query.total ?? 0} pageSize={PAGE_SIZE} page={page} onChange={setPage} />
              </>
            ) : (
              <EmptyBlock
                text={translate(
                  q || show !== 'all'
                    ? 'atrium.learning.lessons.nothing_found'
                    : 'atrium.learning.lessons.empty_category',
                )}
              />
            )}
          </>
        )}
      </QueryState>
    </MemberPage>
  );
}
