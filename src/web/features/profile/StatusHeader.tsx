import { Chip, Stack, Typography } from '@mui/material';

/** A settings card's head: its title with an on/off chip, and the hint for the state it is in. */
export function StatusHeader({
  title,
  on,
  status,
  hint,
  testId,
}: {
  title: string;
  on: boolean;
  status: string;
  hint: string;
  testId?: string;
}) {
  return (
    <>
      <Stack direction="row" spacing={1} alignItems="center" justifyContent="space-between" flexWrap="wrap" useFlexGap>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <Chip
          size="small"
          color={on ? 'success' : 'default'}
          variant={on ? 'filled' : 'outlined'}
          label={status}
          data-testid={testId}
        />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
        {hint}
      </Typography>
    </>
  );
}
