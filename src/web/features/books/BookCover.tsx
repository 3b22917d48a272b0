import { Box, Typography, type SxProps, type Theme } from '@mui/material';
import MenuBook from '@mui/icons-material/MenuBook';
import { sxItems } from '../../common/sx';

/** The cover image, or a plain coloured cover with the title when there is none (2:3 like a book). */
export function BookCover({
  cover,
  title,
  compact,
  sx,
}: {
  cover: string | null;
  title: string;
  compact?: boolean;
  sx?: SxProps<Theme>;
}) {
  return (
    <Box
      sx={[
        {
          aspectRatio: '2 / 3',
          width: '100%',
          borderRadius: 1.5,
          overflow: 'hidden',
          boxShadow: 2,
          bgcolor: 'primary.dark',
          color: 'common.white',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 1,
          p: cover ? 0 : 2,
          textAlign: 'center',
        },
        ...sxItems(sx),
      ]}
    >
      {cover ? (
        <Box
          component="img"
          src={cover}
          alt=""
          sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      ) : (
        <>
          <MenuBook sx={{ fontSize: compact ? 32 : 40, opacity: 0.8 }} />
          {!compact && (
            <Typography variant="subtitle2" sx={{ fontWeight: 600, lineHeight: 1.25 }}>
              {title}
            </Typography>
          )}
        </>
      )}
    </Box>
  );
}
