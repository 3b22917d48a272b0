import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { dataProvider } from '../../src/web/providers/data';
import { http, mockApi } from '../setup/msw';

/** The staff person page's provider calls: notes, donations, invitations, links, settings, partner details, hand-overs. */
const server = mockApi();

const seen: Array<{ url: string; body?: unknown }> = [];
async function record(request: Request) {
  const url = new URL(request.url);
  const text = await request.clone().text();
  seen.push({ url: url.pathname + url.search, ...(text && { body: JSON.parse(text) as unknown }) });
}
afterEach(() => {
  seen.length = 0;
});

const invitation = { sent_at: '2026-11-26T10:00:00Z', expires_at: '2026-12-03T10:00:00Z', used_at: null };

describe('person methods', () => {
  it('addUserNote, recordUserDonation and sendInvitation post their bodies and answer the server', async () => {
    server.use(
      http.post('/accounts/user/add_note/', async ({ request, response }) => {
        await record(request);
        return response(201).json({ detail: 'Note added' });
      }),
      http.post('/accounts/user/record_donation/', async ({ request, response }) => {
        await record(request);
        return response(201).json({ detail: 'Donation recorded', id: 17 });
      }),
      http.post('/accounts/user/send_invitation/', async ({ request, response }) => {
        await record(request);
        return response(200).json({ detail: 'Invitation sent', invitation });
      }),
    );
    expect(await dataProvider.addUserNote(4, 'Call back')).toEqual({ detail: 'Note added' });
    expect(await dataProvider.recordUserDonation({ user_id: 4, amount: '12.50', comment: 'cash' })).toEqual({
      detail: 'Donation recorded',
      id: 17,
    });
    expect(await dataProvider.sendInvitation(4)).toEqual({ detail: 'Invitation sent', invitation });
    expect(seen).toEqual([
      { url: '/api/accounts/user/add_note/', body: { user_id: 4, text: 'Call back' } },
      { url: '/api/accounts/user/record_donation/', body: { user_id: 4, amount: '12.50', comment: 'cash' } },
      { url: '/api/accounts/user/send_invitation/', body: { user_id: 4 } },
    ]);
  });

  it('createResetCredentialsLink sends the user in the query; updateUserSettings and getPartnerDetails post', async () => {
    server.use(
      http.get('/accounts/user/reset_credentials/', async ({ request, response }) => {
        await record(request);
        return response(200).json({ link: 'http://x/reset-credentials/abc', expires_at: '2026-11-26T11:00:00Z' });
      }),
      http.post('/accounts/user/update_settings/', async ({ request, response }) => {
        await record(request);
        return response(403).json({ detail: 'You do not have permission', code: 'permission_denied' });
      }),
      http.post('/accounts/user/get_partner_details/', async ({ request, response }) => {
        await record(request);
        return response(404).json({ detail: 'Not found', code: 'not_found' });
      }),
    );
    expect((await dataProvider.createResetCredentialsLink(9)).link).toBe('http://x/reset-credentials/abc');
    const refused: unknown = await dataProvider
      .updateUserSettings({ user_id: 9, tags: [1, 2], work_zone: null })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(403);
    const missing: unknown = await dataProvider.getPartnerDetails(9).catch((e: unknown) => e);
    expect((missing as HttpError).status).toBe(404);
    expect(seen).toEqual([
      { url: '/api/accounts/user/reset_credentials/?user_id=9' },
      { url: '/api/accounts/user/update_settings/', body: { user_id: 9, tags: [1, 2], work_zone: null } },
      { url: '/api/accounts/user/get_partner_details/', body: { user_id: 9 } },
    ]);
  });

  it('giveAwayUser moves one person; handOverUsers moves listed ones, or all when the list is empty; a 409 is an HttpError', async () => {
    server.use(
      http.post('/accounts/user/give_away_user/', async ({ request, response }) => {
        await record(request);
        return response(409).json({ detail: 'User is already taken by another consultant', code: 'user_taken' });
      }),
      http.post('/accounts/manager/give_away_user/', async ({ request, response }) => {
        await record(request);
        return response(200).json({ detail: 'User successfully updated', moved: 3 });
      }),
    );
    const taken: unknown = await dataProvider.giveAwayUser(5, 6).catch((e: unknown) => e);
    expect((taken as HttpError).status).toBe(409);
    expect((taken as HttpError).message).toBe('User is already taken by another consultant');
    expect((await dataProvider.handOverUsers(6, 7, [])).moved).toBe(3);
    await dataProvider.handOverUsers(6, 7, [5, 8]);
    expect(seen.map((s) => s.body)).toEqual([
      { user_id: 5, consultant_id: 6 },
      { from_consultant_id: 6, to_consultant_id: 7 },
      { from_consultant_id: 6, to_consultant_id: 7, user_ids: [5, 8] },
    ]);
  });
});

describe('person-donations resource', () => {
  it('getManyReference posts the user and pages in the query', async () => {
    server.use(
      http.post('/team/contact/get_donations/', async ({ request, response }) => {
        await record(request);
        return response(200).json({
          count: 1,
          next: null,
          previous: null,
          current: 2,
          total_count: 1,
          results: [{ id: 3, kind: 'donation', amount: '5.00', status: 'paid', created_at: '2026-11-26T10:00:00Z' }],
        });
      }),
    );
    const res = await dataProvider.getManyReference('person-donations', {
      id: 12,
      target: 'user_id',
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'id', order: 'DESC' },
      filter: {},
    });
    expect(res).toMatchObject({ total: 1, data: [{ id: 3, amount: '5.00' }] });
    expect(seen).toEqual([{ url: '/api/team/contact/get_donations/?page=2&page_size=10', body: { user_id: 12 } }]);
  });
});
