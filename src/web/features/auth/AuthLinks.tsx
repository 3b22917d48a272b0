import type { ReactNode } from 'react';
import { Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';

/** A link between the public screens, in the card's footer. */
export function AuthLink({ to, children, prefix }: { to: string; children: ReactNode; prefix?: ReactNode }) {
  return (
    <Typography variant="body2" color="text.secondary">
      {prefix && <>{prefix} </>}
      <Link component={RouterLink} to={to} underline="hover" sx={{ fontWeight: 500 }}>
        {children}
      </Link>
    </Typography>
  );
}
