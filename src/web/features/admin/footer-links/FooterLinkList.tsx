import { DataTable, NumberField, SearchInput, UrlField } from 'react-admin';
import { List } from '../../../common/List';
import { ResponsiveTable } from '../../../common/ResponsiveTable';
import type { SchemaFooterLinkAdmin } from '../../../../api/schema';

export function FooterLinkList() {
  return (
    <List filters={[<SearchInput key="q" source="q" alwaysOn />]} sort={{ field: 'order', order: 'ASC' }} perPage={25}>
      <ResponsiveTable<SchemaFooterLinkAdmin>
        table={
          <DataTable rowClick="edit">
            <DataTable.Col source="order" label="atrium.admin.footer_links.fields.order">
              <NumberField source="order" />
            </DataTable.Col>
            <DataTable.Col source="title" label="atrium.admin.footer_links.fields.title" />
            <DataTable.Col source="url" label="atrium.admin.footer_links.fields.url" disableSort>
              <UrlField
                source="url"
                target="_blank"
                rel="noopener"
                onClick={(e) => {
                  e.stopPropagation();
                }}
              />
            </DataTable.Col>
          </DataTable>
        }
        primary={(r) => r.title}
        secondary={(r) => r.url}
      />
    </List>
  );
}
