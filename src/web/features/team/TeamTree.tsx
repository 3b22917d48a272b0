import { useState } from 'react';
import { Avatar, Box, Button, Chip, IconButton, List, ListItem, Stack, Typography } from '@mui/material';
import ChevronRight from '@mui/icons-material/ChevronRight';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Groups from '@mui/icons-material/Groups';
import { useGetList, useLocaleState, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { SchemaTeamNode } from '../../../api/schema';
import type { TeamChildrenFilter } from './data';
import { EmptyBlock, LoadingBlock } from '../../common/States';
import { StatusChip } from './StatusChip';

/** One level of the tree, loaded when its parent opens (pk undefined = the signed-in user's own level). */
function Level({ pk, depth }: { pk?: number; depth: number }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const filter: TeamChildrenFilter = pk === undefined ? {} : { parent_id: pk };
  // The server names the statuses in the interface language: a new language is a new list.
  const query = useGetList<SchemaTeamNode>('team-children', { filter, meta: { locale } });
  if (query.isPending) return <LoadingBlock minHeight={48} />;
  if (query.isError) {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', py: 1, pl: 2 }} role="alert">
        <Typography variant="body2" color="error">
          {translate('atrium.team.tree.load_failed')}
        </Typography>
        <Button size="small" onClick={() => void query.refetch()}>
          {translate('atrium.team.tree.retry')}
        </Button>
      </Stack>
    );
  }
  if (!query.data.length && depth === 0)
    return <EmptyBlock icon={<Groups />} text={translate('atrium.team.tree.empty')} />;
  return (
    <List role={depth === 0 ? 'tree' : 'group'} disablePadding dense sx={{ pl: depth ? { xs: 1.5, sm: 3 } : 0 }}>
      {query.data.map((node) => (
        <Node key={node.id} node={node} depth={depth} />
      ))}
    </List>
  );
}

function Node({ node, depth }: { node: SchemaTeamNode; depth: number }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const name = `${node.first_name} ${node.last_name}`.trim() || `#${node.id}`;
  const hasChildren = node.children_count > 0;
  return (
    <ListItem
      role="treeitem"
      aria-expanded={hasChildren ? open : undefined}
      aria-level={depth + 1}
      disableGutters
      sx={{ display: 'block', borderLeft: depth ? 1 : 0, borderColor: 'divider' }}
      data-testid={`team-node-${node.id}`}
    >
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', py: 0.5, minHeight: 48, flexWrap: 'wrap', rowGap: 0.5 }}
      >
        <IconButton
          size="small"
          onClick={() => {
            setOpen((o) => !o);
          }}
          disabled={!hasChildren}
          aria-label={translate(open ? 'atrium.team.tree.collapse' : 'atrium.team.tree.expand', { name })}
          sx={{ visibility: hasChildren ? 'visible' : 'hidden' }}
        >
          {open ? <ExpandMore /> : <ChevronRight />}
        </IconButton>
        <Avatar src={node.avatar ?? undefined} alt="" sx={{ width: 32, height: 32 }}>
          {node.first_name.slice(0, 1)}
        </Avatar>
        <Box sx={{ minWidth: 0, flex: '1 1 160px' }}>
          <Typography
            component={Link}
            to={`/user/view-details/${node.id}`}
            aria-label={translate('atrium.team.tree.details', { name })}
            sx={{ fontWeight: 500, color: 'text.primary', overflowWrap: 'anywhere' }}
          >
            {name}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="div">
            {translate('atrium.team.tree.level', { level: node.level })}
          </Typography>
        </Box>
        <StatusChip status={node.status} />
        <Chip size="small" label={translate('atrium.team.tree.children', { count: node.children_count })} />
        <Chip
          size="small"
          variant="outlined"
          label={translate('atrium.team.tree.descendants', { count: node.descendants_count })}
        />
      </Stack>
      {open && <Level pk={node.id} depth={depth + 1} />}
    </ListItem>
  );
}

/** The referral tree, unfolded lazily one level at a time, with each node's direct and whole-branch counts. */
export function TeamTree() {
  return <Level depth={0} />;
}
