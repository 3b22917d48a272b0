import { Button, Stack, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import { DataTable, DeleteButton, EditButton, ReferenceManyField, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { MaterialKindField } from '../materials/MaterialKindField';
import type { SchemaLessonAdmin } from '../../../../../api/schema';

/** The lesson's materials (files and links), with a button to add one for this lesson. */
export function LessonMaterialsField() {
  const translate = useTranslate();
  const record = useRecordContext<SchemaLessonAdmin>();
  if (!record) return null;
  const source = encodeURIComponent(JSON.stringify({ lesson_id: record.id }));
  return (
    <Stack spacing={1} sx={{ mt: 2, maxWidth: 900 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {translate('atrium.admin.lessons.materials')}
        </Typography>
        <Button
          component={Link}
          to={`/admin/lesson-materials/create?source=${source}`}
          startIcon={<Add />}
          size="small"
        >
          {translate('atrium.admin.lessons.add_material')}
        </Button>
      </Stack>
      <ReferenceManyField
        reference="admin/lesson-materials"
        target="lesson_id"
        sort={{ field: 'order', order: 'ASC' }}
        perPage={100}
      >
        <DataTable
          bulkActionButtons={false}
          empty={
            <Typography color="text.secondary" variant="body2">
              {translate('atrium.admin.lessons.no_materials')}
            </Typography>
          }
        >
          <DataTable.Col source="title" label="atrium.admin.lesson_materials.fields.title" />
          <DataTable.Col label="atrium.admin.lesson_materials.fields.kind" disableSort>
            <MaterialKindField />
          </DataTable.Col>
          <DataTable.Col>
            <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
              <EditButton />
              <DeleteButton mutationMode="pessimistic" redirect={false} />
            </Stack>
          </DataTable.Col>
        </DataTable>
      </ReferenceManyField>
    </Stack>
  );
}
