import AddIcon from '@mui/icons-material/Add';
import { Button } from '@mui/material';
import { Link } from 'react-router-dom';
import { useCreatePath, useResourceContext, useTranslate } from 'react-admin';

/**
 * An inline "add" button for empty states, labelled on every screen (react-admin's buttons shrink to
 * a bare icon on phones, and CreateButton turns into a second floating button there).
 */
export function AddButton({ label }: { label: string }) {
  const resource = useResourceContext();
  const createPath = useCreatePath();
  const translate = useTranslate();
  return (
    <Button
      component={Link}
      to={createPath({ resource, type: 'create' })}
      variant="contained"
      startIcon={<AddIcon />}
      sx={{ alignSelf: 'flex-start' }}
    >
      {translate(label)}
    </Button>
  );
}
