import { api, ApiError, unwrap } from '../../../../api/client';
import type {
  SchemaDonationRequest,
  SchemaDonationResponse,
  SchemaManualDonationRequest,
} from '../../../../api/schema';
import type { ResourceAdapter } from '../../../providers/data/types';
import { invalidating } from '../../../providers/data/invalidation';

/** A manual donation as the form has it: the check is the picked file. */
export type ManualDonation = Omit<SchemaManualDonationRequest, 'check'> & { check: File };

/** `donations` → GET payments/donations/: the signed-in member's donations, newest first. */
export const donationsAdapter: ResourceAdapter = {
  async getList(_resource, { pagination }) {
    const page = await unwrap(
      api.GET('/payments/donations/', {
        params: { query: { page: pagination?.page ?? 1, page_size: pagination?.perPage ?? 20 } },
      }),
    );
    return { data: page.results, total: page.count };
  },
};

/** What the donation form does that is not a list: the methods, an online and a manual donation. */
export const donationsMethods = {
  /** The payment methods a member can give through (online and manual, with instructions). */
  getPaymentMethods: () => unwrap(api.POST('/payments/get_payment_methods/')),
  /**
   * An online donation. The contract sends the app to `payment_url` only on a 200; any other answer
   * is a failure.
   */
  donate: async (body: SchemaDonationRequest): Promise<SchemaDonationResponse & { payment_url: string }> => {
    const { data, error, response } = await api.POST('/payments/donation/', { body });
    if (response.status === 200 && data?.payment_url) return { ...data, payment_url: data.payment_url };
    throw new ApiError(response.status, error ?? undefined);
  },
  /** A manual donation with its confirmation check (multipart); staff confirm it later. The member's list shows it. */
  donateManual: invalidating({ invalidates: ['donations'] }, (donation: ManualDonation) => {
    const form = new FormData();
    form.append('amount', donation.amount);
    form.append('payment_method', String(donation.payment_method));
    form.append('payment_datetime', donation.payment_datetime);
    if (donation.comment) form.append('comment', donation.comment);
    form.append('check', donation.check, donation.check.name);
    // The typed body names the fields; the request itself is the multipart form.
    return unwrap(
      api.POST('/payments/manual_donation/', {
        body: { ...donation, check: donation.check.name },
        bodySerializer: () => form,
      }),
    );
  }),
};
