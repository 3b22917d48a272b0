import { Grid } from '@mui/material';
import { AutocompleteInput, type Validator } from 'react-admin';
import { FormSection } from './FormSection';
import { InstantInput, timeZoneChoices } from './inputs';

/** The end, when given, comes after the start; else `message` (a catalogue key). */
const endsAfterStart =
  (message: string): Validator =>
  (value: string | null | undefined, values: { starts_at?: string }) =>
    value && values.starts_at && Date.parse(value) <= Date.parse(values.starts_at) ? message : undefined;

type Rules = Validator | Validator[] | undefined;

/** The catalogue keys of a WhenSection's texts; `end_rule` is said of an end before the start. */
export type WhenTexts = {
  section: string;
  starts_at: string;
  ends_at: string;
  time_zone: string;
  time_zone_help: string;
  end_rule: string;
};

/** A form's "When": starts_at and ends_at side by side (stacked on a phone) and the zone it is organised in. */
export function WhenSection({
  texts,
  startRules,
  endRules = [],
  zoneRules,
}: {
  texts: WhenTexts;
  startRules: Rules;
  endRules?: Validator[];
  zoneRules: Rules;
}) {
  return (
    <FormSection title={texts.section}>
      <Grid container columnSpacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <InstantInput source="starts_at" label={texts.starts_at} validate={startRules} fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <InstantInput
            source="ends_at"
            label={texts.ends_at}
            validate={[...endRules, endsAfterStart(texts.end_rule)]}
            fullWidth
          />
        </Grid>
      </Grid>
      <AutocompleteInput
        source="time_zone"
        label={texts.time_zone}
        choices={timeZoneChoices}
        validate={zoneRules}
        helperText={texts.time_zone_help}
        fullWidth
      />
    </FormSection>
  );
}
