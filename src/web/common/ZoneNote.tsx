import { Typography, type SxProps, type Theme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { shownZone } from './eventTime';
import { useTimeZone } from './format';

/**
 * Whose clock a screen's times are on ("Times in your time zone (Europe/Berlin)"): the profile's zone,
 * else the browser's, named, since the browser may be in another zone than the profile.
 */
export function ZoneNote({
  message,
  caption = false,
  sx,
}: {
  message: string;
  caption?: boolean;
  sx?: SxProps<Theme>;
}) {
  const translate = useTranslate();
  const tz = useTimeZone();
  return (
    <Typography variant={caption ? 'caption' : 'body2'} color="text.secondary" sx={sx}>
      {translate(message, { zone: shownZone(tz) })}
    </Typography>
  );
}
