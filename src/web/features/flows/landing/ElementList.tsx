import { useState, type DragEvent } from 'react';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import DragIndicator from '@mui/icons-material/DragIndicator';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { Box, IconButton, List, ListItem, ListItemText, Tooltip, Typography } from '@mui/material';
import { Confirm, useTranslate } from 'react-admin';
import type { LandingElementRecord } from './data';

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** A one-line summary of an element for the list. */
function summary(e: LandingElementRecord): string {
  const c = e.content as Record<string, unknown>;
  const text =
    str(c.text) ||
    str(c.label) ||
    str(c.title) ||
    str(c.caption) ||
    str(c.url) ||
    str(c.alt) ||
    str(c.html).replace(/<[^>]*>/g, ' ');
  return text.replace(/\s+/g, ' ').trim().slice(0, 80);
}

function Action({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton size="small" aria-label={label} onClick={onClick} disabled={disabled}>
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/**
 * The page's elements in order: drag a row (mouse) or use the arrows (keyboard, touch) to reorder;
 * edit opens the element's editor; delete asks first.
 */
export function ElementList({
  elements,
  busy,
  onMove,
  onEdit,
  onDelete,
}: {
  elements: LandingElementRecord[];
  busy: boolean;
  onMove: (e: LandingElementRecord, order: number) => void;
  onEdit: (e: LandingElementRecord) => void;
  onDelete: (e: LandingElementRecord) => void;
}) {
  const translate = useTranslate();
  const [dragged, setDragged] = useState<LandingElementRecord | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<LandingElementRecord | null>(null);
  const T = (k: string) => translate(`atrium.flows.editor.${k}`);

  const drop = (e: DragEvent, target: LandingElementRecord) => {
    e.preventDefault();
    if (dragged && dragged.id !== target.id) onMove(dragged, target.order);
    setDragged(null);
    setOver(null);
  };

  return (
    <>
      <List dense aria-label={T('elements')}>
        {elements.map((el, i) => (
          <ListItem
            key={el.id}
            draggable={!busy}
            onDragStart={() => {
              setDragged(el);
            }}
            onDragEnd={() => {
              setDragged(null);
              setOver(null);
            }}
            onDragOver={(e) => {
              e.preventDefault();
              setOver(el.id);
            }}
            onDrop={(e) => {
              drop(e, el);
            }}
            data-testid={`element-${el.type}`}
            sx={{
              border: 1,
              borderColor: over === el.id ? 'primary.main' : 'divider',
              borderRadius: 1,
              mb: 1,
              bgcolor: dragged?.id === el.id ? 'action.selected' : 'background.paper',
              pr: 1,
              flexWrap: { xs: 'wrap', sm: 'nowrap' },
            }}
          >
            <Box
              sx={{ cursor: 'grab', display: { xs: 'none', sm: 'flex' }, mr: 1, color: 'text.secondary' }}
              title={T('drag')}
            >
              <DragIndicator fontSize="small" />
            </Box>
            <ListItemText
              primary={translate(`atrium.flows.types.${el.type}`)}
              secondary={
                <Typography variant="body2" color="text.secondary" noWrap component="span" sx={{ display: 'block' }}>
                  {summary(el) || '—'}
                </Typography>
              }
              sx={{ minWidth: 0, flex: '1 1 auto' }}
            />
            <Box sx={{ display: 'flex', flexShrink: 0 }}>
              <Action
                label={T('move_up')}
                onClick={() => {
                  onMove(el, el.order - 1);
                }}
                disabled={busy || i === 0}
              >
                <ArrowUpward fontSize="small" />
              </Action>
              <Action
                label={T('move_down')}
                onClick={() => {
                  onMove(el, el.order + 1);
                }}
                disabled={busy || i === elements.length - 1}
              >
                <ArrowDownward fontSize="small" />
              </Action>
              <Action
                label={T('edit')}
                onClick={() => {
                  onEdit(el);
                }}
                disabled={busy}
              >
                <EditOutlined fontSize="small" />
              </Action>
              <Action
                label={T('delete')}
                onClick={() => {
                  setDeleting(el);
                }}
                disabled={busy}
              >
                <DeleteOutline fontSize="small" />
              </Action>
            </Box>
          </ListItem>
        ))}
      </List>
      <Confirm
        isOpen={!!deleting}
        title={T('delete_title')}
        content={T('delete_content')}
        confirm={T('delete')}
        confirmColor="warning"
        onConfirm={() => {
          if (deleting) onDelete(deleting);
          setDeleting(null);
        }}
        onClose={() => {
          setDeleting(null);
        }}
      />
    </>
  );
}
