import { api, unwrap } from '../../../api/client';

/** The server's menus for the signed-in user's role (openapi/paths/menu.yaml), in the interface language. */
export const menusMethods = {
  /** The side menu (`main`) or the user menu (`dropdown`), entries in order. */
  /** Whether the app route `path` exists and the caller's role, as the server now has it, may open it. */
  checkAccess: (path: string) => unwrap(api.POST('/menu/check_access/', { body: { path } })),
  getMenu: (kind: 'main' | 'dropdown') => unwrap(kind === 'main' ? api.GET('/menu/main/') : api.GET('/menu/dropdown/')),
  /** The footer links the admin keeps (pages/footer_links/), in order, titles in the interface language. */
  getFooterLinks: () => unwrap(api.GET('/pages/footer_links/')),
};
