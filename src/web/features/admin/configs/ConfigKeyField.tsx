import { Stack, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { SchemaConfigAdmin } from '../../../../api/schema';

/**
 * The settings the app reads (and app.name, which the public settings give every client): each has a
 * name and a one-line help in the catalogue, in the reader's language. A stored description is free text
 * in whatever language an admin wrote it: the list shows it only for a key the app does not know.
 */
const KNOWN = new Set(['support.email', 'donations.enabled', 'donations.min_amount', 'app.name']);

/** The catalogue prefix of a known key (`known.donations_min_amount`), none for a key the app does not know. */
const knownOf = (key: string) => (KNOWN.has(key) ? `atrium.admin.configs.known.${key.replace(/\./g, '_')}` : undefined);

const mono = { fontFamily: 'monospace', overflowWrap: 'anywhere' } as const;

/** A setting's key as a person reads it: the translated name and its help, the key itself in small print; an unknown key as it is. */
export function ConfigKey({
  config,
  help = true,
}: {
  config: Pick<SchemaConfigAdmin, 'key'> & Partial<Pick<SchemaConfigAdmin, 'description'>>;
  help?: boolean;
}) {
  const translate = useTranslate();
  const known = knownOf(config.key);
  const helpText = known ? translate(`${known}.help`) : config.description;
  return (
    <Stack component="span" spacing={0.25}>
      <Typography component="span" variant="body2" sx={known ? undefined : mono}>
        {known ? translate(`${known}.name`) : config.key}
      </Typography>
      {help && helpText && (
        <Typography component="span" variant="caption" color="text.secondary">
          {helpText}
        </Typography>
      )}
      {known && (
        <Typography component="span" variant="caption" color="text.secondary" sx={mono}>
          {config.key}
        </Typography>
      )}
    </Stack>
  );
}

/** The key of the row or the record edited (nothing while a new one has none). */
export function ConfigKeyField(_: { label?: string }) {
  const record = useRecordContext<SchemaConfigAdmin>();
  return record?.key ? <ConfigKey config={record} /> : null;
}
