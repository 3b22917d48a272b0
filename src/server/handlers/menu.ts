import type { HandlerTable } from './types';
import { signedIn } from '../http/guard';
import { checkAccess, dropdownMenu, mainMenu } from '../services/menu';

export const menuHandlers: HandlerTable = {
  getMainMenu: (req) => Promise.resolve(mainMenu(signedIn(req).role, req.lang)),
  getDropdownMenu: (req) => Promise.resolve(dropdownMenu(signedIn(req).role, req.lang)),
  checkMenuAccess: (req) => Promise.resolve(checkAccess(req.body.path, signedIn(req).role)),
};
