import { api, unwrap } from '../../../api/client';

/** The app's public settings (configs/get_all_configs/), a custom method of the data provider. */
export const configsMethods = {
  /** Every public setting by key (e.g. `donations.enabled`, `donations.min_amount`). */
  getConfigs: () => unwrap(api.GET('/configs/get_all_configs/')),
};
