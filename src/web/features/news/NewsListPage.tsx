import { Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';
import Newspaper from '@mui/icons-material/Newspaper';
import { RecordsIterator, useTranslate } from 'react-admin';
import type { SchemaNewsBrief } from '../../../api/schema';
import { ListRows, ListSearch, MemberListBase, useListFilter } from '../../common/MemberList';
import { MemberPage } from '../../common/MemberPage';
import { useFilterField } from '../../common/SharedFilterForm';
import { EmptyBlock } from '../../common/States';
import { NewsCard } from './NewsCard';

const PAGE_SIZE = 10;

/** /news: published news, newest first, paged and searchable; important ones highlighted or alone. */
export default function NewsListPage() {
  return (
    <MemberListBase resource="learning/news" storeKey="learning/news.list" perPage={PAGE_SIZE}>
      <NewsList />
    </MemberListBase>
  );
}

function NewsList() {
  const translate = useTranslate();
  const filter = useListFilter();
  // A field of the list's filter form with the search: a click and a search typed at once both hold.
  const [important, setImportant] = useFilterField<boolean>('important');
  const onlyImportant = important === true;
  return (
    <MemberPage
      title={translate('atrium.news.title')}
      actions={<ListSearch label={translate('atrium.news.search')} />}
      maxWidth={900}
    >
      <ToggleButtonGroup
        size="small"
        exclusive
        value={onlyImportant ? 'important' : 'all'}
        onChange={(_, v: string | null) => {
          if (v) setImportant(v === 'important' ? true : null);
        }}
        sx={{ mb: 2 }}
        aria-label={translate('atrium.news.show')}
      >
        <ToggleButton value="all">{translate('atrium.news.all')}</ToggleButton>
        <ToggleButton value="important">{translate('atrium.news.only_important')}</ToggleButton>
      </ToggleButtonGroup>
      <ListRows
        empty={
          <EmptyBlock
            icon={<Newspaper />}
            text={translate(filter.q || filter.important ? 'atrium.news.nothing_found' : 'atrium.news.empty')}
          />
        }
      >
        <Stack spacing={1.5}>
          <RecordsIterator<SchemaNewsBrief> render={(n) => <NewsCard item={n} />} />
        </Stack>
      </ListRows>
    </MemberPage>
  );
}
