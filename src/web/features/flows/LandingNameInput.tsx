import { useEffect, useState } from 'react';
import { InputAdornment, CircularProgress } from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import { TextInput, useRecordContext, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { SchemaFlow } from '../../../api/schema';
import { validatorsFor } from '../../../api/validators';
import { checkLandingName } from './data';

const v = validatorsFor('FlowCreateRequest', { landing_name: { pattern: 'atrium.flows.landing_name_rule' } });
/** Only a name within the contract's limits is worth asking the server about. */
const wellFormed = (value: string) => v.landing_name.every((check) => !check(value, {}, {}));

type Check = { state: 'idle' | 'checking' | 'free' | 'taken'; error?: string };

/**
 * The landing address, checked against the server while the member types (debounced): the field
 * says whether it is free, or the server's reason (matches=true with its error text).
 */
export function LandingNameInput() {
  const translate = useTranslate();
  const record = useRecordContext<SchemaFlow>();
  const name = useWatch<{ landing_name?: string }, 'landing_name'>({ name: 'landing_name' }) ?? '';
  const value = name.trim();
  // Only a new, well-formed name is asked about; the answer counts for the name it was asked for.
  const worth = value !== '' && value !== record?.landing_name && wellFormed(value);
  const [answer, setAnswer] = useState<{ value: string; check: Check } | null>(null);
  const check: Check = !worth ? { state: 'idle' } : answer?.value === value ? answer.check : { state: 'checking' };

  useEffect(() => {
    if (!worth) return;
    let live = true;
    const timer = setTimeout(() => {
      checkLandingName(value, record?.id)
        .then((r) => {
          if (live)
            setAnswer({
              value,
              check: r.matches
                ? { state: 'taken', error: r.error ?? translate('atrium.errors.generic') }
                : { state: 'free' },
            });
        })
        .catch(() => {
          if (live) setAnswer({ value, check: { state: 'idle' } });
        });
    }, 350);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [worth, value, record?.id, translate]);

  // A name the server refused blocks saving with the same message.
  const taken = () => (check.state === 'taken' ? check.error : undefined);
  const helper =
    check.state === 'checking'
      ? translate('atrium.flows.checking')
      : check.state === 'free'
        ? translate('atrium.flows.name_free')
        : translate('atrium.flows.landing_name_help', { name: name || '…' });

  return (
    <TextInput
      source="landing_name"
      label="atrium.flows.fields.landing_name"
      validate={[...v.landing_name, taken]}
      helperText={helper}
      parse={(v: string) => v.toLowerCase().replace(/\s+/g, '-')}
      fullWidth
      slotProps={{
        input: {
          startAdornment: <InputAdornment position="start">/l/</InputAdornment>,
          endAdornment:
            check.state === 'checking' ? (
              <CircularProgress size={16} />
            ) : check.state === 'free' ? (
              <CheckCircle color="success" fontSize="small" />
            ) : null,
        },
      }}
    />
  );
}
