import { startTelegramPeer } from './telegram-peer';

/** The Telegram peer as a process of its own for the E2E run (playwright.config.ts starts it). */
const peer = await startTelegramPeer({ port: Number(process.env.TELEGRAM_PEER_PORT ?? 18027) });
console.log(`telegram peer on ${peer.url}`);
