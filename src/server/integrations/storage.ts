import fs from 'node:fs/promises';
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import lockfile from 'proper-lockfile';
import sharp from 'sharp';
import { clock } from '../clock';
import type { Config } from '../config';
import type { S3Storage } from './storage-s3';

/** Folders whose files are served only through short-lived signed links (paid or personal content). */
export const PRIVATE_FOLDERS: ReadonlySet<string> = new Set(['videos', 'pdfs', 'documents']);

/**
 * How long a signed link holds, per private folder. Personal files (payment proofs, partner
 * documents, imports, lesson handouts) are fetched once right after the answer that carries the link,
 * so minutes are enough and a leaked link soon stops working. Videos and book PDFs are read in Range
 * requests on the same link for as long as someone watches or reads, so theirs last hours.
 */
const PRIVATE_LINK_TTL_SECONDS: Readonly<Record<string, number>> = {
  documents: 10 * 60,
  videos: 6 * 3600,
  pdfs: 6 * 3600,
};

/** A streamed upload that broke a rule; nothing of it is left on disk. */
export class UploadRejected extends Error {
  constructor(readonly reason: 'too_large' | 'type' | 'pixels') {
    super(reason);
  }
}

/**
 * The most pixels an uploaded image may have, judged by its header before anything decodes it: a
 * small file can declare a huge picture that costs seconds of CPU and gigabytes of memory to open
 * (here, or in the browser of whoever views it). 25 megapixels takes any camera's usual photo.
 */
export const MAX_IMAGE_PIXELS = 25_000_000;
const IMAGE_EXTS: ReadonlySet<string> = new Set(['jpg', 'jpeg', 'png', 'webp', 'gif']);

/** The width × height an image's header states (one frame), or null when there is no readable header. Decodes nothing. */
export async function headerPixels(input: Buffer | string): Promise<number | null> {
  try {
    const { width, height } = await sharp(input, { limitInputPixels: false }).metadata();
    return width && height ? width * height : null;
  } catch {
    return null;
  }
}

/** What an upload must be: `sniff` names the extension from the first bytes (null refuses it). */
export type UploadRules = {
  maxBytes: number;
  sniff: (head: Buffer) => string | null;
  sniffBytes?: number;
  maxPixels?: number;
};

/**
 * The checks every upload goes through while it streams, whatever stores it: the size limit and the
 * kind by the first bytes. `ext()` is the kind once known; `size()` the bytes seen so far.
 */
export function uploadGuard(opts: UploadRules, onKind?: (ext: string) => void) {
  const need = opts.sniffBytes ?? 64;
  let head = Buffer.alloc(0);
  let ext: string | null = null;
  let size = 0;
  const check = (final: boolean) => {
    if (ext !== null || (head.length < need && !final)) return;
    ext = opts.sniff(head);
    if (!ext) throw new UploadRejected('type');
    onKind?.(ext);
  };
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      try {
        size += chunk.length;
        if (size > opts.maxBytes) throw new UploadRejected('too_large');
        if (head.length < need) head = Buffer.concat([head, chunk.subarray(0, need - head.length)]);
        check(false);
        done(null, chunk);
      } catch (err) {
        done(err as Error);
      }
    },
    flush(done) {
      try {
        check(true);
        done();
      } catch (err) {
        done(err as Error);
      }
    },
  });
  return { stream, ext: (): string | null => ext, size: () => size };
}

/** The multipart reader marks a part cut at its own size limit as truncated without an error. */
export const wasTruncated = (source: Readable) => (source as Readable & { truncated?: boolean }).truncated === true;

/** True for the extensions whose header states a pixel count to judge. */
export const isImageExt = (ext: string) => IMAGE_EXTS.has(ext);

/**
 * Links to the files of private folders: the /media URL with `exp` and `sig` added, an HMAC of the
 * app's secret, so that any process with the same secret checks a link another one signed.
 */
export class MediaLinks {
  private readonly linkKey: Buffer;
  /** Signatures of recent links: a dashboard signs the same book's link on every call. */
  private readonly signatures = new LRUCache<string, string>({ max: 5000 });
  constructor(secret: string) {
    this.linkKey = createHmac('sha256', secret).update('media-links').digest();
  }

  /** A /media URL of a private folder with `exp` and `sig` added; other URLs come back unchanged. */
  signedUrl(url: string, ttlSeconds?: number, now?: number): string;
  signedUrl(url: string | null, ttlSeconds?: number, now?: number): string | null;
  signedUrl(url: string | null, ttlSeconds?: number, now = clock.now().getTime()): string | null {
    if (!url?.startsWith('/media/')) return url;
    const folder = url.slice('/media/'.length).split('/')[0] ?? '';
    if (!PRIVATE_FOLDERS.has(folder)) return url;
    const ttl = ttlSeconds ?? PRIVATE_LINK_TTL_SECONDS[folder] ?? 10 * 60;
    // Rounded up (to the hour for long links, to 5 minutes for short ones), so the same link, and the
    // browser's cache of it, is handed out for a while.
    const step = ttl >= 3600 ? 3600 : 300;
    const exp = Math.ceil((now / 1000 + ttl) / step) * step;
    return `${url}?exp=${exp}&sig=${this.sign(url, exp)}`;
  }

  /** True when a request for a private /media path carries a valid, unexpired signature. */
  verifyLink(pathname: string, exp: string | undefined, sig: string | undefined, now = clock.now().getTime()): boolean {
    const e = Number(exp);
    if (!Number.isInteger(e) || e * 1000 < now || typeof sig !== 'string') return false;
    const want = Buffer.from(this.sign(pathname, e));
    const got = Buffer.from(sig);
    return want.length === got.length && timingSafeEqual(want, got);
  }

  private sign(pathname: string, exp: number): string {
    const key = `${pathname}\n${exp}`;
    let sig = this.signatures.get(key);
    if (!sig) {
      sig = createHmac('sha256', this.linkKey).update(key).digest('base64url').slice(0, 32);
      // The same links are signed over and over while exp stays the same (it is rounded up).
      this.signatures.set(key, sig);
    }
    return sig;
  }
}

/**
 * Where uploads are kept: the local disk (Storage, the default) or an S3-compatible object store
 * (S3Storage, storage-s3.ts), chosen by STORAGE_URL. Both keep a file under /media/<folder>/<name>,
 * the URL the database stores, so a store can be changed by copying the files (docs/operations.md).
 */
export type MediaStore = Storage | S3Storage;

/** The store STORAGE_URL names; the S3 driver (and the AWS SDK) is loaded only when asked for. */
export async function createStorage(config: Pick<Config, 'dataDir' | 'storage'>, secret: string): Promise<MediaStore> {
  if (config.storage.driver === 'file') return new Storage(config.dataDir, secret, config.storage.root);
  const { S3Storage } = await import('./storage-s3');
  return new S3Storage(config.storage, secret);
}

/** The Content-Type a stored file is served with, by its extension. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  webm: 'video/webm',
  zip: 'application/zip',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  csv: 'text/csv; charset=utf-8',
};

export const contentTypeOf = (ext: string) => CONTENT_TYPES[ext] ?? 'application/octet-stream';

/** A process whose incoming folder's lock has not been refreshed for this long is gone. */
const INCOMING_STALE_MS = 20_000;
const SWEEP_EVERY_MS = 30_000;

/**
 * Files users upload, on local disk under DATA_DIR/uploads, each under a generated name. The URL path
 * is /media/<folder>/<name>. A file is written under uploads/.incoming/<process>/ first and renamed
 * into place when whole, so a failed write leaves nothing. Each process locks its incoming folder;
 * the folders of processes that died (SIGKILL, power loss) are swept away by the others, or by the
 * same server when it starts again, so no partial file outlives its writer. Several processes may
 * share one data dir.
 */
export class Storage extends MediaLinks {
  readonly driver = 'file';
  readonly root: string;
  private readonly processId = randomUUID();
  private incomingDir: Promise<string> | null = null;
  private releaseIncoming: (() => Promise<void>) | null = null;
  private sweeper: NodeJS.Timeout | null = null;
  /** `root`: the uploads folder (STORAGE_URL=file://…), DATA_DIR/uploads unless told. */
  constructor(dataDir: string, secret = 'atrium-media-links', root = path.join(dataDir, 'uploads')) {
    super(secret);
    this.root = root;
  }

  /** Sweeps what dead processes left, now and every half minute. */
  async start(): Promise<void> {
    await this.sweepIncoming().catch(() => 0);
    this.sweeper = setInterval(() => void this.sweepIncoming().catch(() => 0), SWEEP_EVERY_MS);
    this.sweeper.unref();
  }

  /** Stops sweeping, releases this process's incoming folder and removes it. */
  async stop(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
    const dir = await this.incomingDir?.catch(() => null);
    this.incomingDir = null;
    if (!dir) return;
    await this.releaseIncoming?.().catch(() => {});
    this.releaseIncoming = null;
    await fs.rm(dir, { recursive: true, force: true });
  }

  /** This process's folder for files being written; locked (and the lock kept fresh) while it lives. */
  private incoming(): Promise<string> {
    this.incomingDir ??= (async () => {
      const dir = path.join(this.root, '.incoming', this.processId);
      await fs.mkdir(path.dirname(dir), { recursive: true });
      // Lock first, then make the folder: a sweeper never sees it unlocked.
      this.releaseIncoming = await lockfile.lock(dir, {
        realpath: false,
        stale: INCOMING_STALE_MS,
        update: INCOMING_STALE_MS / 4,
        // A blocked event loop can let the lock go stale; the next write takes a new folder then.
        onCompromised: () => {
          this.incomingDir = null;
        },
      });
      await fs.mkdir(dir, { recursive: true });
      return dir;
    })();
    // A failed attempt (e.g. a full disk) is not remembered: the next write tries again.
    this.incomingDir.catch(() => {
      this.incomingDir = null;
    });
    return this.incomingDir;
  }

  /** A new temporary path in this process's incoming folder. */
  private async tempFile(): Promise<string> {
    return path.join(await this.incoming(), `${randomUUID()}.part`);
  }

  /**
   * Removes the incoming folders (and partial files) of processes that are gone: their lock is
   * missing or has not been refreshed for INCOMING_STALE_MS. Returns how many it removed.
   */
  async sweepIncoming(): Promise<number> {
    const base = path.join(this.root, '.incoming');
    const names = await fs.readdir(base).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      if (name.endsWith('.lock') || name === this.processId) continue;
      const dir = path.join(base, name);
      const alive = await lockfile.check(dir, { realpath: false, stale: INCOMING_STALE_MS }).catch(() => true);
      if (alive) continue;
      await fs.rm(dir, { recursive: true, force: true });
      await fs.rm(`${dir}.lock`, { recursive: true, force: true });
      removed += 1;
    }
    return removed;
  }

  /**
   * Streams an upload to disk under a generated name. `sniff` sees the first bytes and names the
   * file's extension (or null to refuse it); more than `maxBytes` is refused, and so is an image
   * whose header states more than `maxPixels` (MAX_IMAGE_PIXELS unless told). Any refusal, or any
   * error, removes the partial file.
   */
  async saveStream(
    folder: string,
    source: Readable,
    opts: UploadRules,
  ): Promise<{ url: string; size: number; ext: string }> {
    const dir = path.join(this.root, folder);
    await fs.mkdir(dir, { recursive: true });
    const tmp = await this.tempFile();
    const guard = uploadGuard(opts);
    const out = createWriteStream(tmp, { flags: 'wx' });
    try {
      await pipeline(source, guard.stream, out);
      if (wasTruncated(source)) throw new UploadRejected('too_large');
      const found = guard.ext();
      const size = guard.size();
      if (size === 0 || !found) throw new UploadRejected('type');
      if (IMAGE_EXTS.has(found) && ((await headerPixels(tmp)) ?? 0) > (opts.maxPixels ?? MAX_IMAGE_PIXELS))
        throw new UploadRejected('pixels');
      const name = `${randomUUID()}.${found}`;
      await fs.rename(tmp, path.join(dir, name));
      return { url: `/media/${folder}/${name}`, size, ext: found };
    } catch (err) {
      // A refusal can come before the file is even opened: its open, and so the file, would then
      // appear after a removal made at once.
      if (!out.closed) await once(out, 'close').catch(() => {});
      await fs.rm(tmp, { force: true });
      throw err;
    }
  }

  async save(folder: string, ext: string, body: Buffer): Promise<string> {
    const dir = path.join(this.root, folder);
    await fs.mkdir(dir, { recursive: true });
    const name = `${randomUUID()}.${ext}`;
    const tmp = await this.tempFile();
    try {
      await fs.writeFile(tmp, body);
      await fs.rename(tmp, path.join(dir, name));
    } catch (err) {
      await fs.rm(tmp, { force: true });
      throw err;
    }
    return `/media/${folder}/${name}`;
  }

  async remove(url: string | null | undefined): Promise<void> {
    const file = this.fileOf(url);
    if (file) await fs.rm(file, { force: true });
  }

  /** A stored file's bytes (an import's CSV, read again for each pass). */
  async read(url: string): Promise<Readable> {
    const file = this.fileOf(url);
    if (!file) throw new Error(`not a stored file: ${url}`);
    const stream = createReadStream(file, { highWaterMark: 256 * 1024 });
    await once(stream, 'open');
    return stream;
  }

  /** The path of a /media URL under the root, or null for anything else (or a way out of it). */
  private fileOf(url: string | null | undefined): string | null {
    if (!url?.startsWith('/media/')) return null;
    const file = path.join(this.root, url.slice('/media/'.length));
    return file.startsWith(this.root + path.sep) ? file : null;
  }
}

/** The kind of an image by its first bytes, whatever its name or declared type says. */
export function imageKind(buf: Buffer): 'jpeg' | 'png' | 'webp' | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  return null;
}

/** The kind of a video by its first bytes: MP4 (an ISO BMFF `ftyp` box) or WebM (EBML). */
export function videoKind(buf: Buffer): 'mp4' | 'webm' | null {
  if (buf.length >= 12 && buf.toString('latin1', 4, 8) === 'ftyp') return 'mp4';
  if (buf.length >= 4 && buf[0] === 0x1a && buf[1] === 0x45 && buf[2] === 0xdf && buf[3] === 0xa3) return 'webm';
  return null;
}

/** True for a PDF (`%PDF-` at the start). */
export const isPdf = (buf: Buffer) => buf.length >= 5 && buf.toString('latin1', 0, 5) === '%PDF-';

/** True for a ZIP container (docx, xlsx, pptx, odt and plain zip files). */
export const isZip = (buf: Buffer) =>
  buf.length >= 4 && buf[0] === 0x50 && buf[1] === 0x4b && buf[2] === 0x03 && buf[3] === 0x04;
