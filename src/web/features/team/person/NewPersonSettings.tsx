import type { ReactNode } from 'react';
import { AutocompleteInput, BooleanInput, SelectInput } from 'react-admin';
import type { FieldValidators } from '../../../../api/validation';
import { useTimeZoneChoices } from '../../../common/inputs';
import { languageChoices } from '../../../common/choices';

/**
 * A new person's language, time zone and the invitation choice: one set of inputs for every way staff
 * create a person (the lead and partner dialog, a task's new lead), each with its request's validators.
 * Left empty, the server takes those of the person's country or phone, so the invitation goes in the
 * person's language.
 */
export function NewPersonSettings({
  rules,
  children,
}: {
  rules: FieldValidators<'language' | 'time_zone' | 'send_invitation'>;
  /** Shown before the invitation choice (the partner's documents). */
  children?: ReactNode;
}) {
  const zones = useTimeZoneChoices();
  return (
    <>
      <SelectInput
        source="language"
        label="atrium.person.language"
        choices={languageChoices}
        validate={rules.language}
        helperText="atrium.person.language_hint"
      />
      <AutocompleteInput
        source="time_zone"
        label="atrium.person.time_zone"
        {...zones}
        validate={rules.time_zone}
        helperText="atrium.person.time_zone_hint"
      />
      {children}
      <BooleanInput
        source="send_invitation"
        label="atrium.person.send_invitation"
        helperText="atrium.person.send_invitation_hint"
        validate={rules.send_invitation}
      />
    </>
  );
}
