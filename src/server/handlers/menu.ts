import type { HandlerTable } from './types';
import { signedIn } from '../http/guard';
import { checkAccess, dropdownMenu, mainMenu } from '../services/menu';

export const menuHandlers: HandlerTable = {
  getMainMenu: async (req) => mainMenu(signedIn(req).role, req.lang),
  getDropdownMenu: async (req) => dropdownMenu(signedIn(req).role, req.lang),
  checkMenuAccess: async (req) => checkAccess(req.body.path, signedIn(req).role),
};
