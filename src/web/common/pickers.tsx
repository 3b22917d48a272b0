import { lazy, Suspense, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { TextField } from '@mui/material';
import type * as Pickers from './pickerComponents';

/** The formats every picker shows, whatever the locale's own would be. */
export const PICKER_FORMAT = { date: 'DD/MM/YYYY', time: 'HH:mm', dateTime: 'DD/MM/YYYY HH:mm' } as const;

const load = () => import('./pickerComponents');

/**
 * MUI X's date, date-time and time pickers, in the interface language, loaded with the first screen
 * that shows one: about 190 KB of script that the dashboard and most pages never need. Until it has
 * arrived, a disabled field with the picker's label holds its place.
 */
function lazyPicker<K extends 'DatePicker' | 'DateTimePicker' | 'TimePicker'>(name: K) {
  type Props = ComponentProps<(typeof Pickers)[K]>;
  const Picker = lazy(() => load().then((m) => ({ default: m[name] as ComponentType<Props> })));
  function LazyPicker(props: Props) {
    const { label, sx } = props as { label?: ReactNode; sx?: ComponentProps<typeof TextField>['sx'] };
    return (
      <Suspense fallback={<TextField label={label} disabled sx={sx} />}>
        <Picker {...props} />
      </Suspense>
    );
  }
  return LazyPicker;
}

export const DatePicker = lazyPicker('DatePicker');
export const DateTimePicker = lazyPicker('DateTimePicker');
export const TimePicker = lazyPicker('TimePicker');
