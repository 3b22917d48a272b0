import { DataTable, List, NumberField, NumberInput, SearchInput, SimpleForm, TextInput, UrlField, regex, required } from 'react-admin';
import { ContentCreate, ContentEdit } from '../common/forms';

const urlRule = regex(/^(https?:\/\/|mailto:|\/)/i, 'atrium.content.footer_links.url_rule');

export function FooterLinkList() {
  return (
    <List filters={[<SearchInput key="q" source="q" alwaysOn />]} sort={{ field: 'order', order: 'ASC' }} perPage={25}>
      <DataTable rowClick="edit">
        <DataTable.Col source="order" label="atrium.content.footer_links.fields.order">
          <NumberField source="order" />
        </DataTable.Col>
        <DataTable.Col source="title" label="atrium.content.footer_links.fields.title" />
        <DataTable.Col source="url" label="atrium.content.footer_links.fields.url" disableSort>
          <UrlField source="url" target="_blank" rel="noopener" onClick={(e) => e.stopPropagation()} />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
