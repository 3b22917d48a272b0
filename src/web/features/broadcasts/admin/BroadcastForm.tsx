import {
  AutocompleteInput,
  BooleanInput,
  FormDataConsumer,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  TextInput,
} from 'react-admin';
import { requiredValue } from '../../../../api/validation';
import { validatorsFor } from '../../../../api/validators';
import { useTimeZone } from '../../../common/format';
import { AskBeforeLeaving, ContentCreate, ContentEdit } from '../../../common/forms';
import { FormSection } from '../../../common/FormSection';
import { RichText } from '../../../common/RichText';
import { WhenSection, type WhenTexts } from '../../../common/WhenSection';
import { AUDIENCE_CHOICES } from '../audience';

// One form for create and edit: the create schema's limits (title, start, end and link are required).
const v = validatorsFor('BroadcastAdminCreate');

const WHEN: WhenTexts = {
  section: 'atrium.broadcasts.admin.when_section',
  starts_at: 'atrium.broadcasts.admin.fields.starts_at',
  ends_at: 'atrium.broadcasts.admin.fields.ends_at',
  time_zone: 'atrium.broadcasts.admin.fields.time_zone',
  time_zone_help: 'atrium.broadcasts.admin.time_zone_help',
  end_rule: 'atrium.broadcasts.admin.end_rule',
};

function BroadcastForm() {
  return (
    <SimpleForm sx={{ maxWidth: 960 }}>
      <AskBeforeLeaving />
      <TextInput source="title" label="atrium.broadcasts.admin.fields.title" validate={v.title} fullWidth />
      <WhenSection texts={WHEN} startRules={v.starts_at} endRules={v.ends_at} zoneRules={v.time_zone} />
      <FormSection title="atrium.broadcasts.admin.watch_section">
        <TextInput
          source="url"
          label="atrium.broadcasts.admin.fields.url"
          type="url"
          validate={v.url}
          helperText="atrium.broadcasts.admin.url_help"
          fullWidth
        />
        <SelectInput
          source="audience"
          label="atrium.broadcasts.admin.fields.audience"
          choices={AUDIENCE_CHOICES}
          validate={v.audience}
          fullWidth
        />
        <FormDataConsumer<{ audience?: string }>>
          {({ formData }) =>
            formData.audience === 'package' && (
              <ReferenceInput source="package_id" reference="admin/packages" perPage={200}>
                <SelectInput
                  label="atrium.broadcasts.admin.fields.package_id"
                  optionText="name"
                  validate={[requiredValue, ...v.package_id]}
                  helperText="atrium.broadcasts.admin.package_help"
                  fullWidth
                />
              </ReferenceInput>
            )
          }
        </FormDataConsumer>
        <ReferenceInput source="recording_lesson_id" reference="admin/lessons" perPage={25}>
          <AutocompleteInput
            label="atrium.broadcasts.admin.fields.recording_lesson_id"
            optionText="title"
            validate={v.recording_lesson_id}
            helperText="atrium.broadcasts.admin.recording_help"
            filterToQuery={(q: string) => ({ q })}
            fullWidth
          />
        </ReferenceInput>
      </FormSection>
      <RichText source="description" label="atrium.broadcasts.admin.fields.description" validate={v.description} />
      <BooleanInput source="is_published" label="atrium.broadcasts.admin.fields.is_published" />
    </SimpleForm>
  );
}

/** A package is named only for a package broadcast; an emptied recording is none. */
function transform(data: Record<string, unknown>) {
  const out = { ...data };
  if (out.audience !== 'package') out.package_id = null;
  if (out.recording_lesson_id === '' || out.recording_lesson_id === undefined) out.recording_lesson_id = null;
  return out;
}

export function BroadcastCreate() {
  const tz = useTimeZone();
  return (
    <ContentCreate
      record={{
        is_published: true,
        audience: 'everyone',
        time_zone: tz ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
      }}
      transform={transform}
    >
      <BroadcastForm />
    </ContentCreate>
  );
}

export function BroadcastEdit() {
  return (
    <ContentEdit transform={transform}>
      <BroadcastForm />
    </ContentEdit>
  );
}
