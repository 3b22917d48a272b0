import type { HandlerTable } from './types';
import { checkAccess, dropdownMenu, mainMenu } from '../services/menu';

export const menuHandlers: HandlerTable = {
  getMainMenu: async (req) => mainMenu(req.auth!.role, req.lang),
  getDropdownMenu: async (req) => dropdownMenu(req.auth!.role, req.lang),
  checkMenuAccess: async (req) => checkAccess(req.body.path, req.auth!.role),
};
