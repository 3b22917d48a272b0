import { Card, CardContent, List as MuiList, ListItem, ListItemButton, ListItemText, Typography } from '@mui/material';
import { Link, useGetList, useTranslate } from 'react-admin';
import type { SchemaContactCategory } from '../../../api/schema';
import { useFilterField } from '../../common/SharedFilterForm';

/**
 * The member's categories beside the list (from md up): the category field of the list's filter form
 * (see ContactList), so a click goes out with the search typed just before it, in one submit. The link
 * manages them.
 */
export function CategoriesPanel() {
  const translate = useTranslate();
  const [category, setCategory] = useFilterField<number | string>('category');
  const { data = [] } = useGetList<SchemaContactCategory>('contact-categories', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'name', order: 'ASC' },
  });
  const current = Number(category ?? 0);
  const pick = (id: number) => {
    setCategory(id || null);
  };
  return (
    <Card
      component="nav"
      aria-label={translate('atrium.contacts.categories_panel')}
      sx={{ order: -1, mr: 2, mt: 8, width: 220, flexShrink: 0 }}
    >
      <CardContent>
        <Typography variant="subtitle2">{translate('atrium.contacts.categories_panel')}</Typography>
        <MuiList dense>
          <ListItem disablePadding>
            <ListItemButton
              selected={!current}
              onClick={() => {
                pick(0);
              }}
            >
              <ListItemText primary={translate('atrium.contacts.all_categories')} />
            </ListItemButton>
          </ListItem>
          {data.map((c) => (
            <ListItem key={c.id} disablePadding>
              <ListItemButton
                selected={current === c.id}
                onClick={() => {
                  pick(c.id);
                }}
              >
                <ListItemText
                  primary={c.name}
                  secondary={c.is_particular ? translate('atrium.contacts.category_fields.is_particular') : undefined}
                />
                <Typography variant="caption">{String(c.contacts_count ?? 0)}</Typography>
              </ListItemButton>
            </ListItem>
          ))}
        </MuiList>
        <Link to="/contact-categories">{translate('atrium.contacts.manage_categories')}</Link>
      </CardContent>
    </Card>
  );
}
