import { useState } from 'react';
import Add from '@mui/icons-material/Add';
import { Button, Menu, MenuItem, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ELEMENT_TYPES, type ElementType } from './model';

/** "Add element" with a menu of the types; disabled (with the reason) once the page is full. */
export function AddElementMenu({
  canAdd,
  hasForm,
  onPick,
}: {
  canAdd: boolean;
  hasForm: boolean;
  onPick: (t: ElementType) => void;
}) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const button = (
    <Button
      variant="contained"
      startIcon={<Add />}
      disabled={!canAdd}
      onClick={(e) => {
        setAnchor(e.currentTarget);
      }}
      aria-haspopup="menu"
      aria-controls={anchor ? 'add-element-menu' : undefined}
    >
      {translate('atrium.flows.editor.add')}
    </Button>
  );
  return (
    <>
      {canAdd ? (
        button
      ) : (
        <Tooltip title={translate('atrium.flows.editor.limit')}>
          <span>{button}</span>
        </Tooltip>
      )}
      <Menu
        id="add-element-menu"
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => {
          setAnchor(null);
        }}
      >
        {ELEMENT_TYPES.map((t) => (
          <MenuItem
            key={t}
            disabled={t === 'lead_form' && hasForm}
            onClick={() => {
              setAnchor(null);
              onPick(t);
            }}
          >
            {translate(`atrium.flows.types.${t}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
