import { useEffect, useRef } from 'react';
import { Grid } from '@mui/material';
import dayjs from 'dayjs';
import { AutocompleteInput, type Validator } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTimeZone } from './format';
import { FormSection } from './FormSection';
import { InstantInput, useTimeZoneChoices } from './inputs';

/** Whether the browser knows `zone` (also one its list leaves out, such as UTC in Chromium). */
const isZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};
const TIMES = ['starts_at', 'ends_at'] as const;

/**
 * The zone the start and end are typed in: the form's own (the event's), else the editor's profile zone.
 * When the zone is changed, the times typed keep their clock reading: 19:00 stays 19:00, now in the
 * new zone (an event entered as 19:00 in New York is 19:00 New York, whatever the editor's zone; #40
 * finding 10).
 */
function useEntryZone(): string | undefined {
  const profileZone = useTimeZone();
  const chosen = useWatch<{ time_zone?: string }, 'time_zone'>({ name: 'time_zone' });
  const zone = chosen && isZone(chosen) ? chosen : profileZone;
  const { getValues, setValue } = useFormContext<Record<(typeof TIMES)[number], string | null>>();
  const before = useRef(zone);
  useEffect(() => {
    const from = before.current;
    before.current = zone;
    if (!from || !zone || from === zone) return;
    for (const source of TIMES) {
      const value = getValues(source);
      if (!value) continue;
      const clock = dayjs(value).tz(from).format('YYYY-MM-DDTHH:mm:ss');
      setValue(source, dayjs.tz(clock, zone).toISOString(), { shouldDirty: true });
    }
  }, [zone, getValues, setValue]);
  return zone;
}

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

/**
 * A form's "When": the zone it is organised in, then starts_at and ends_at side by side (stacked on a
 * phone), typed in that zone.
 */
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
  const zone = useEntryZone();
  const zones = useTimeZoneChoices();
  return (
    <FormSection title={texts.section}>
      <AutocompleteInput
        source="time_zone"
        label={texts.time_zone}
        {...zones}
        validate={zoneRules}
        helperText={texts.time_zone_help}
        fullWidth
      />
      <Grid container columnSpacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <InstantInput source="starts_at" label={texts.starts_at} validate={startRules} timeZone={zone} fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <InstantInput
            source="ends_at"
            label={texts.ends_at}
            validate={[...endRules, endsAfterStart(texts.end_rule)]}
            timeZone={zone}
            fullWidth
          />
        </Grid>
      </Grid>
    </FormSection>
  );
}
