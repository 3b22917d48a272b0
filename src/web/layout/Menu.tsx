import { memo, useCallback, useDeferredValue, useEffect, useId, useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { Collapse, List, ListItemIcon, MenuItem, Tooltip, Typography } from '@mui/material';
import type { Theme } from '@mui/material/styles';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Menu as RaMenu, MenuItemLinkClasses, useSidebarState, useStore, useTranslate } from 'react-admin';
import { MenuIcon, SectionIcon } from './icons';
import { useServerMenu } from '../providers/data/menusHooks';
import { currentEntry, groupMenu, SHORT_MENU, type MenuEntry, type SectionId } from './menuSections';

/** Open (true) or closed (false) per section, as the user left them; absent = the default. */
const STORE_KEY = 'menu.sections';
type OpenState = Partial<Record<SectionId, boolean>>;

/** Written out in full, so the catalogue test sees every key used. */
const TITLES: Record<SectionId, string> = {
  learning: 'atrium.menu.sections.learning',
  crm: 'atrium.menu.sections.crm',
  staff: 'atrium.menu.sections.staff',
  content: 'atrium.menu.sections.content',
  administration: 'atrium.menu.sections.administration',
};

// The current page's entry stands out from the others (react-admin only darkens its text).
const MENU_SX = {
  [`& .${MenuItemLinkClasses.active}`]: {
    bgcolor: 'action.selected',
    color: 'primary.main',
    fontWeight: 600,
    boxShadow: (theme: Theme) => `inset 3px 0 0 ${theme.palette.primary.main}`,
    [`& .${MenuItemLinkClasses.icon}`]: { color: 'primary.main' },
  },
};
// Open, long entries ("Настройки приложения", "Lektionskategorien") wrap onto a second line instead of
// ending in "…". Folded to its icons, the menu still holds each title (hidden beside the icon): wrapped
// there, into no width, each word took a line and the icons stood 100-250 px apart.
const OPEN_MENU_SX = {
  ...MENU_SX,
  [`& .${MenuItemLinkClasses.root} .MuiTypography-noWrap`]: { whiteSpace: 'normal', overflowWrap: 'break-word' },
};

// Entries and sections are memoised: the menu draws itself again when its answer, the address or a
// section's state changes (two to three times on a cold load), and only the section or entry whose props
// changed is drawn again.
const Entry = memo(function Entry({ entry, current }: { entry: MenuEntry; current: boolean }) {
  return (
    <RaMenu.Item
      to={entry.path}
      primaryText={entry.title}
      leftIcon={<MenuIcon name={entry.icon} />}
      // Pages under another path (a lesson, a user's details) still mark their entry.
      className={current ? MenuItemLinkClasses.active : undefined}
      aria-current={current ? 'page' : undefined}
    />
  );
});

const Section = memo(function Section({
  id,
  entries,
  current,
  open,
  onToggle,
}: {
  id: SectionId;
  entries: MenuEntry[];
  current?: MenuEntry;
  open: boolean;
  onToggle: (id: SectionId) => void;
}) {
  const translate = useTranslate();
  const [sidebarOpen] = useSidebarState();
  const groupId = useId();
  const title = translate(TITLES[id]);
  // A menu item that discloses its group (ARIA allows aria-expanded on menuitem; a <button> may not sit in a menu).
  const header = (
    <MenuItem
      onClick={() => {
        onToggle(id);
      }}
      aria-expanded={open}
      aria-controls={groupId}
      tabIndex={0}
      data-menu-section={id}
      sx={{ color: 'text.secondary' }}
    >
      <ListItemIcon>
        <SectionIcon id={id} />
      </ListItemIcon>
      <Typography
        variant="inherit"
        noWrap
        sx={{ flexGrow: 1, fontWeight: 600, textTransform: 'uppercase', fontSize: '0.75rem', letterSpacing: '0.02em' }}
      >
        {title}
      </Typography>
      <ExpandMore
        fontSize="small"
        sx={{
          transition: 'transform 150ms',
          transform: open ? 'rotate(180deg)' : 'none',
          display: sidebarOpen ? undefined : 'none',
        }}
      />
    </MenuItem>
  );
  return (
    <>
      {sidebarOpen ? (
        header
      ) : (
        <Tooltip title={title} placement="right">
          {header}
        </Tooltip>
      )}
      {/* Kept mounted while closed: hidden entries are out of the tab order and the accessibility tree all the same. */}
      <Collapse in={open} timeout="auto">
        <List
          component="div"
          role="group"
          id={groupId}
          aria-label={title}
          disablePadding
          sx={{
            '& .MuiMenuItem-root': {
              pl: (theme) => (sidebarOpen ? theme.spacing(4) : theme.spacing(2)),
              transition: 'padding-left 195ms',
            },
          }}
        >
          {entries.map((entry) => (
            <Entry key={entry.key} entry={entry} current={entry.key === current?.key} />
          ))}
        </List>
      </Collapse>
    </>
  );
});

/** The side menu, as the server lists it for the user's role (GET menu/main/), grouped into collapsible sections. */
export function Menu() {
  // Drawn in a render of its own after the page's first (React's deferred value, nothing at first): asked
  // as the app starts, the menu is there for the first render, which it made longer, and the page's
  // content came later (docs/performance.md, twenty-ninth session).
  const data = useDeferredValue(useServerMenu('main').data, undefined);
  const { pathname } = useLocation();
  const [openState, setOpenState] = useStore<OpenState>(STORE_KEY, {});
  const [sidebarOpen] = useSidebarState();
  const entries = useMemo(() => data ?? [], [data]);
  const blocks = useMemo(() => groupMenu(entries), [entries]);
  const current = currentEntry(entries, pathname);
  const currentSection = blocks.flatMap((b) =>
    b.kind === 'section' && b.entries.some((e) => e.key === current?.key) ? [b.id] : [],
  )[0];

  // Arriving on a page (from a link, the address bar) opens its section, so the highlighted entry shows;
  // kept open afterwards, so sections close only when the user closes them.
  // Only when the page's section changes: closing it while on the page keeps it closed.
  useEffect(() => {
    if (currentSection)
      setOpenState((open) => (open[currentSection] === true ? open : { ...open, [currentSection]: true }));
  }, [currentSection, setOpenState]);

  const isOpen = (id: SectionId) => openState[id] ?? (id === currentSection || entries.length <= SHORT_MENU);
  const onToggle = useCallback(
    (id: SectionId) => {
      setOpenState((open) => ({
        ...open,
        [id]: !(open[id] ?? (id === currentSection || entries.length <= SHORT_MENU)),
      }));
    },
    [setOpenState, currentSection, entries.length],
  );

  return (
    <RaMenu sx={sidebarOpen ? OPEN_MENU_SX : MENU_SX} data-testid="side-menu">
      {blocks.map((block) =>
        block.kind === 'entry' ? (
          <Entry key={block.entry.key} entry={block.entry} current={block.entry.key === current?.key} />
        ) : (
          <Section
            key={block.id}
            id={block.id}
            entries={block.entries}
            // Only the section holding the page's entry is given it, so the others stay as drawn.
            current={current && block.entries.includes(current) ? current : undefined}
            open={isOpen(block.id)}
            onToggle={onToggle}
          />
        ),
      )}
    </RaMenu>
  );
}
