import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogues } from '../../src/server/i18n';
import { call, makeMember, me, tokenOf, waitFor, waitForMail } from '../setup/accounts';
import { api } from '../setup/learning';
import { makeEmployee } from '../setup/staff';
import { createTestApp, type TestApp } from '../setup/test-app';
import { startTelegramPeer } from '../e2e/support/telegram-peer';

const { en, de } = catalogues;
const BOT_TOKEN = '123456:test-bot-token';
type Peer = Awaited<ReturnType<typeof startTelegramPeer>>;

let chatSeq = 900_000;

/** The n-th (1-based) message the bot sent to `chatId`, waited for. */
const botSaid = (peer: Peer, chatId: string, n: number) =>
  waitFor(
    () => Promise.resolve(peer.sent.filter((m) => m.chat_id === chatId)[n - 1]?.text),
    `bot message #${n} to ${chatId}`,
    10_000,
  );

/** A deep link's code, asked for with the current password (makeMember's). */
async function deepLinkCode(t: TestApp, token: string, password = 'member-password-1'): Promise<string> {
  const res = await call(t, 'POST', '/api/accounts/telegram/link/', { token, body: { password } });
  expect(res.statusCode).toBe(200);
  return new URL(res.json<{ link: string }>().link).searchParams.get('start')!;
}

const botLogin = (t: TestApp, token: string) =>
  call(t, 'POST', '/api/token-auth-bot/', {
    body: new URLSearchParams({ token }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

describe('Telegram bot by long polling', () => {
  let t: TestApp;
  let peer: Peer;

  beforeAll(async () => {
    peer = await startTelegramPeer();
    t = await createTestApp({ env: { TELEGRAM_BOT_TOKEN: BOT_TOKEN, TELEGRAM_API_ROOT: peer.url } });
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  it('/start with the profile code links the chat once, answering in the account language', async () => {
    const m = await makeMember(t, { language: 'de' });
    const token = await t.login(m.email, m.password);
    const chat = String(++chatSeq);
    const code = await deepLinkCode(t, token);

    await peer.deliver({ chat_id: chat, text: `/start ${code}`, language_code: 'en' });
    expect(await botSaid(peer, chat, 1)).toBe(de.telegram_bot_linked.replace('{name}', 'Test Member'));
    expect((await me(t, token)).body.telegram_linked).toBe(true);

    // The code is single-use: another chat cannot take it, and gets a clear answer in its language.
    const other = String(++chatSeq);
    await peer.deliver({ chat_id: other, text: `/start ${code}`, language_code: 'en' });
    expect(await botSaid(peer, other, 1)).toBe(en.telegram_bot_link_expired);
    await peer.deliver({ chat_id: other, text: '/start garbage', language_code: 'ru' });
    expect(await botSaid(peer, other, 2)).toBe(catalogues.ru.telegram_bot_link_expired);
    const { rows } = await t.pool.query('select telegram_chat_id from users where id = $1', [m.id]);
    expect(rows[0].telegram_chat_id).toBe(chat);
  });

  it('the link needs the current password; a linked chat is told to the account’s address, whose undo unlinks it and ends the sessions', async () => {
    const m = await makeMember(t, { language: 'de' });
    const token = await t.login(m.email, m.password);
    const refused = await call(t, 'POST', '/api/accounts/telegram/link/', { token, body: { password: 'wrong-one-1' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ password: [de.wrong_password] });

    const chat = String(++chatSeq);
    await peer.deliver({ chat_id: chat, text: `/start ${await deepLinkCode(t, token)}` });
    await botSaid(peer, chat, 1);
    const mail = await waitForMail(t, m.email);
    expect(mail.subject).toBe(de.mail_telegram_linked_subject);
    const undo = tokenOf(
      /\/credentials-undo\/([A-Za-z0-9_%-]+)\?lang=[a-z]{2}$/m.exec(mail.text)?.[0] ?? '',
      /\/credentials-undo\/([A-Za-z0-9_%-]+)/,
    );
    const res = await call(t, 'POST', '/api/accounts/credentials_change/undo/', { body: { token: undo } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(t, token)).status).toBe(401);
    const { rows } = await t.pool.query('select telegram_chat_id from users where id = $1', [m.id]);
    expect(rows[0].telegram_chat_id).toBeNull();
    // The chat's /login reaches nobody now.
    await peer.deliver({ chat_id: chat, text: '/login' });
    expect(await botSaid(peer, chat, 2)).toBe(catalogues.ru.telegram_bot_not_linked);
  });

  it('/login sends a single-use login link that opens the given path; a second use is refused', async () => {
    const m = await makeMember(t);
    const token = await t.login(m.email, m.password);
    const chat = String(++chatSeq);
    await peer.deliver({ chat_id: chat, text: `/start ${await deepLinkCode(t, token)}` });
    await botSaid(peer, chat, 1);

    await peer.deliver({ chat_id: chat, text: '/login /lessons' });
    const text = await botSaid(peer, chat, 2);
    const link = new URL(/https?:\/\/\S+/.exec(text)![0]);
    expect(text).toBe(en.telegram_bot_login.replace('{minutes}', '10').replace('{link}', link.toString()));
    expect(`${link.origin}${link.pathname}`).toBe(`${t.config.publicUrl}/token-auth-bot`);
    const loginToken = link.searchParams.get('token')!;
    // The page it opens speaks the account's language before the session is there.
    expect(link.searchParams.get('lang')).toBe('en');

    const first = await botLogin(t, loginToken);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ redirect_to: '/lessons', user: { id: m.id, language: 'en' } });
    const again = await botLogin(t, loginToken);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ token: [en.link_expired] });

    // A path that would leave the app becomes the dashboard.
    await peer.deliver({ chat_id: chat, text: '/login //evil.example' });
    const other = new URL(/https?:\/\/\S+/.exec(await botSaid(peer, chat, 3))![0]).searchParams.get('token')!;
    expect((await botLogin(t, other)).json()).toMatchObject({ redirect_to: '/dashboard' });
  });

  it('/stop unlinks from the chat; the profile unlink tells the chat; an unlinked chat gets no login link', async () => {
    const m = await makeMember(t);
    const token = await t.login(m.email, m.password);
    const chat = String(++chatSeq);
    await peer.deliver({ chat_id: chat, text: `/start ${await deepLinkCode(t, token)}` });
    await botSaid(peer, chat, 1);

    await peer.deliver({ chat_id: chat, text: '/stop' });
    expect(await botSaid(peer, chat, 2)).toBe(en.telegram_bot_unlinked);
    expect((await me(t, token)).body.telegram_linked).toBe(false);
    // Not linked any more: answers in the sender's Telegram language.
    await peer.deliver({ chat_id: chat, text: '/login', language_code: 'en' });
    expect(await botSaid(peer, chat, 3)).toBe(en.telegram_bot_not_linked);
    await peer.deliver({ chat_id: chat, text: 'hello', language_code: 'de-DE' });
    expect(await botSaid(peer, chat, 4)).toBe(de.telegram_bot_welcome);

    // Linked again, then unlinked in the profile: the chat hears of it.
    await peer.deliver({ chat_id: chat, text: `/start ${await deepLinkCode(t, token)}` });
    await botSaid(peer, chat, 5);
    await peer.deliver({ chat_id: chat, text: 'hello' });
    expect(await botSaid(peer, chat, 6)).toBe(en.telegram_bot_help.replace('{name}', 'Test Member'));
    const res = await call(t, 'POST', '/api/accounts/telegram/unlink/', { token });
    expect(res.json()).toMatchObject({ telegram_linked: false });
    expect(await botSaid(peer, chat, 7)).toBe(en.telegram_unlinked_in_profile);
  });

  it('the consultant sees whether the ticket member can be reached, and reaches a linked one', async () => {
    const cons = await makeEmployee(t);
    const m = await makeMember(t, { responsibleId: cons.id });
    const token = await t.login(m.email, m.password);
    const created = await api(t, 'POST', '/api/tickets/create/', {
      token,
      body: { type: 'technical', subject: 'Video', message: 'The video does not start.' },
    });
    const ticketId = created.json<{ id: number }>().id;
    const detail = () =>
      api(t, 'POST', '/api/tickets/consultant/detail/', { token: cons.token, body: { ticket_id: ticketId } });
    expect((await detail()).json()).toMatchObject({ member_telegram_linked: false });

    const chat = String(++chatSeq);
    await peer.deliver({ chat_id: chat, text: `/start ${await deepLinkCode(t, token)}` });
    await botSaid(peer, chat, 1);
    expect((await detail()).json()).toMatchObject({ member_telegram_linked: true });
    const sent = await api(t, 'POST', '/api/chatbot_telegram/send_msg_through_chatbot/', {
      token: cons.token,
      body: { ticket_id: ticketId, message: 'Try another browser' },
    });
    expect(sent.statusCode).toBe(200);
    expect(await botSaid(peer, chat, 2)).toBe('Try another browser');
  });

  it('a new request reaches its answerers’ linked chats: the member’s consultant, else every active admin (issue #40, 17)', async () => {
    const link = async (id: number) => {
      const chat = String(++chatSeq);
      await t.pool.query('update users set telegram_chat_id = $2 where id = $1', [id, chat]);
      return chat;
    };
    const admin = await makeEmployee(t, { role: 'admin' });
    const adminChat = await link(admin.id);
    const cons = await makeEmployee(t);
    const consChat = await link(cons.id);
    const open = async (responsibleId: number | undefined, subject: string) => {
      const m = await makeMember(t, { responsibleId });
      const res = await api(t, 'POST', '/api/tickets/create/', {
        token: await t.login(m.email, m.password),
        body: { type: 'question', subject, message: 'Who answers?' },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: number }>().id;
    };
    const looked = await open(cons.id, 'Looked after');
    const text = (id: number, subject: string) =>
      en.notification_ticket_created.replace('{id}', String(id)).replace('{subject}', subject);
    // The notice, in the recipient's language, with the request itself to open on the staff tickets page.
    const said = await botSaid(peer, consChat, 1);
    expect(said.split('\n')).toEqual([
      text(looked, 'Looked after'),
      expect.stringMatching(new RegExp(`^https?://\\S+/staff/tickets\\?ticket=${String(looked)}$`)),
    ]);
    const nobodys = await open(undefined, 'Nobody looks after me');
    expect(await botSaid(peer, adminChat, 1)).toContain(text(nobodys, 'Nobody looks after me'));
    // The consultant's chat heard of their member's request only; the admin's of the other one only.
    expect(peer.sent.filter((m) => m.chat_id === consChat)).toHaveLength(1);
    expect(peer.sent.filter((m) => m.chat_id === adminChat)).toHaveLength(1);
  });

  it('the webhook is not taken while the server long-polls', async () => {
    const res = await call(t, 'POST', '/api/telegram/webhook/', { body: { update_id: 1 } });
    expect(res.statusCode).toBe(404);
  });
});

describe('Telegram bot by webhook', () => {
  let t: TestApp;
  let peer: Peer;

  beforeAll(async () => {
    peer = await startTelegramPeer();
    t = await createTestApp({
      env: {
        TELEGRAM_BOT_TOKEN: BOT_TOKEN,
        TELEGRAM_API_ROOT: peer.url,
        PUBLIC_URL: 'https://atrium.example.com',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  it('registers the webhook with a secret and takes updates only with that secret', async () => {
    const hook = await waitFor(() => Promise.resolve(peer.webhook()), 'setWebhook', 10_000);
    expect(hook.url).toBe('https://atrium.example.com/api/telegram/webhook/');
    expect(hook.secret).toMatch(/^[\w-]{16,}$/);

    const m = await makeMember(t);
    const token = await t.login(m.email, m.password);
    const chat = String(++chatSeq);
    const update = {
      update_id: 7,
      message: {
        message_id: 1,
        date: Math.floor(Date.now() / 1000),
        chat: { id: Number(chat), type: 'private', first_name: 'Test' },
        from: { id: Number(chat), is_bot: false, first_name: 'Test' },
        text: `/start ${await deepLinkCode(t, token)}`,
        entities: [{ type: 'bot_command', offset: 0, length: 6 }],
      },
    };
    const post = (headers: Record<string, string>) =>
      call(t, 'POST', '/api/telegram/webhook/', { body: update, headers });

    expect((await post({})).statusCode).toBe(401);
    expect((await post({ 'x-telegram-bot-api-secret-token': `${hook.secret!}x` })).statusCode).toBe(401);
    expect((await me(t, token)).body.telegram_linked).toBe(false);

    const ok = await post({ 'x-telegram-bot-api-secret-token': hook.secret! });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true });
    expect((await me(t, token)).body.telegram_linked).toBe(true);
    expect(await botSaid(peer, chat, 1)).toBe(en.telegram_bot_linked.replace('{name}', 'Test Member'));
  });
});
