import { Box } from '@mui/material';
import Storefront from '@mui/icons-material/Storefront';

/** A product's photo, square, or a plain tile with the shop's icon when it has none. */
export function ProductPhoto({ src, alt }: { src: string | null | undefined; alt: string }) {
  return (
    <Box
      sx={{
        aspectRatio: '1 / 1',
        width: '100%',
        borderRadius: 1.5,
        overflow: 'hidden',
        bgcolor: 'action.hover',
        color: 'text.secondary',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      {src ? (
        <Box component="img" src={src} alt={alt} sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : (
        <Storefront sx={{ fontSize: 48, opacity: 0.5 }} />
      )}
    </Box>
  );
}
