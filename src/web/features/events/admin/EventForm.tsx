import { BooleanInput, SimpleForm, TextInput } from 'react-admin';
import { validatorsFor } from '../../../../api/validators';
import { useTimeZone } from '../../../common/format';
import { AskBeforeLeaving, ContentCreate, ContentEdit } from '../../../common/forms';
import { FormSection } from '../../../common/FormSection';
import { RichText } from '../../../common/RichText';
import { UploadInput } from '../../../common/UploadInput';
import { WhenSection, type WhenTexts } from '../../../common/WhenSection';

// One form for create and edit: the create schema's limits (title and start are required).
const v = validatorsFor('EventAdminCreate');

const WHEN: WhenTexts = {
  section: 'atrium.admin.events.when_section',
  starts_at: 'atrium.admin.events.fields.starts_at',
  ends_at: 'atrium.admin.events.fields.ends_at',
  time_zone: 'atrium.admin.events.fields.time_zone',
  time_zone_help: 'atrium.admin.events.time_zone_help',
  end_rule: 'atrium.admin.events.end_rule',
};

function EventForm() {
  return (
    <SimpleForm sx={{ maxWidth: 960 }}>
      <AskBeforeLeaving />
      <TextInput source="title" label="atrium.admin.events.fields.title" validate={v.title} fullWidth />
      <WhenSection texts={WHEN} startRules={v.starts_at} zoneRules={v.time_zone} />
      <FormSection title="atrium.admin.events.where_section">
        <TextInput
          source="place"
          label="atrium.admin.events.fields.place"
          validate={v.place}
          fullWidth
          helperText="atrium.admin.events.place_help"
        />
        <TextInput
          source="online_url"
          label="atrium.admin.events.fields.online_url"
          type="url"
          validate={v.online_url}
          fullWidth
          helperText="atrium.admin.events.online_help"
        />
      </FormSection>
      <RichText source="description" label="atrium.admin.events.fields.description" validate={v.description} />
      <UploadInput source="image" label="atrium.admin.events.fields.image" kind="image" validate={v.image} />
      <BooleanInput source="is_published" label="atrium.admin.events.fields.is_published" />
    </SimpleForm>
  );
}

/** Empty texts are "none" for the optional place and link. */
function transform(data: Record<string, unknown>) {
  const out = { ...data };
  for (const k of ['place', 'online_url', 'ends_at']) if (out[k] === '') out[k] = null;
  return out;
}

export function EventCreate() {
  const tz = useTimeZone();
  return (
    <ContentCreate
      record={{ is_published: true, time_zone: tz ?? Intl.DateTimeFormat().resolvedOptions().timeZone }}
      transform={transform}
    >
      <EventForm />
    </ContentCreate>
  );
}

export function EventEdit() {
  return (
    <ContentEdit transform={transform}>
      <EventForm />
    </ContentEdit>
  );
}
