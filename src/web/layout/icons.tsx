import AccountCircle from '@mui/icons-material/AccountCircle';
import Badge from '@mui/icons-material/Badge';
import Category from '@mui/icons-material/Category';
import CardMembership from '@mui/icons-material/CardMembership';
import Contacts from '@mui/icons-material/Contacts';
import Dashboard from '@mui/icons-material/Dashboard';
import Edit from '@mui/icons-material/Edit';
import Event from '@mui/icons-material/Event';
import EventNote from '@mui/icons-material/EventNote';
import Feed from '@mui/icons-material/Feed';
import FilterAlt from '@mui/icons-material/FilterAlt';
import Groups from '@mui/icons-material/Groups';
import History from '@mui/icons-material/History';
import Insights from '@mui/icons-material/Insights';
import Inventory2 from '@mui/icons-material/Inventory2';
import LocalShipping from '@mui/icons-material/LocalShipping';
import Storefront from '@mui/icons-material/Storefront';
import LibraryBooks from '@mui/icons-material/LibraryBooks';
import LinkIcon from '@mui/icons-material/Link';
import LiveTv from '@mui/icons-material/LiveTv';
import Lock from '@mui/icons-material/Lock';
import MenuBook from '@mui/icons-material/MenuBook';
import Newspaper from '@mui/icons-material/Newspaper';
import Outbox from '@mui/icons-material/Outbox';
import Payments from '@mui/icons-material/Payments';
import People from '@mui/icons-material/People';
import Podcasts from '@mui/icons-material/Podcasts';
import School from '@mui/icons-material/School';
import Settings from '@mui/icons-material/Settings';
import SupportAgent from '@mui/icons-material/SupportAgent';
import Task from '@mui/icons-material/Task';
import Tune from '@mui/icons-material/Tune';
import UploadFile from '@mui/icons-material/UploadFile';
import VideoLibrary from '@mui/icons-material/VideoLibrary';
import Circle from '@mui/icons-material/Circle';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import AutoStories from '@mui/icons-material/AutoStories';
import BusinessCenter from '@mui/icons-material/BusinessCenter';
import EditNote from '@mui/icons-material/EditNote';
import Hub from '@mui/icons-material/Hub';
import type { SectionId } from './menuSections';

/** The Material icons the server's menus may name. */
const ICONS = {
  AccountCircle,
  Badge,
  CardMembership,
  Contacts,
  Dashboard,
  Edit,
  Event,
  FilterAlt,
  Groups,
  History,
  Insights,
  LiveTv,
  Lock,
  MenuBook,
  Newspaper,
  Outbox,
  Payments,
  People,
  Podcasts,
  School,
  Settings,
  SupportAgent,
  Task,
  UploadFile,
  Category,
  EventNote,
  Feed,
  Inventory2,
  LibraryBooks,
  LocalShipping,
  Storefront,
  Link: LinkIcon,
  Tune,
  VideoLibrary,
};

export function MenuIcon({ name }: { name?: string }) {
  const Icon = name !== undefined && Object.hasOwn(ICONS, name) ? ICONS[name as keyof typeof ICONS] : Circle;
  return <Icon />;
}

const SECTION_ICONS: Record<SectionId, typeof Circle> = {
  learning: AutoStories,
  crm: Hub,
  staff: BusinessCenter,
  content: EditNote,
  administration: AdminPanelSettings,
};

/** The icon of a side-menu section (shown alone when the sidebar is folded to icons). */
export function SectionIcon({ id }: { id: SectionId }) {
  const Icon = SECTION_ICONS[id];
  return <Icon />;
}
