import { required, SelectInput } from 'react-admin';
import type { SchemaTaskStartIn, SchemaTaskType } from '../../../api/schema';

const START_CHOICES: SchemaTaskStartIn[] = ['now', '15', '30', '45', '60', '75', '90'];
const startChoices = START_CHOICES.map((id) => ({ id, name: `atrium.tasks.start_in.${id}` }));

const TASK_TYPES: SchemaTaskType[] = ['meet', 'call', 'message'];
export const TASK_TYPE_CHOICES = TASK_TYPES.map((id) => ({ id, name: `atrium.tasks.types.${id}` }));

/** Start now or in 15…90 minutes (spec, section 9): the form's `start_in`, required. */
export function StartField() {
  return (
    <SelectInput
      source="start_in"
      label="atrium.tasks.fields.start"
      choices={startChoices}
      validate={required('atrium.tasks.select_start')}
      slotProps={{ htmlInput: { 'data-testid': 'task-start' } }}
      helperText={false}
    />
  );
}
