import { PassThrough, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  type GetObjectCommandOutput,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { StorageConfig } from '../config';
import {
  contentTypeOf,
  headerPixels,
  isImageExt,
  MAX_IMAGE_PIXELS,
  MediaLinks,
  uploadGuard,
  UploadRejected,
  wasTruncated,
  type UploadRules,
} from './storage';

type S3Config = Extract<StorageConfig, { driver: 's3' }>;

/** S3 keeps presigned links for at most a week. */
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;
/** Parts of a streamed upload: S3's smallest, so a 500 MB video holds at most 2 parts in memory. */
const PART_BYTES = 5 * 1024 * 1024;

/**
 * Holds an image's bytes (images are 10 MB at most) and judges the pixels its header states at the
 * end, before the last part is sent: the same judgement as on disk, and a refused image is never
 * completed in the store. Other kinds pass through untouched.
 */
function pixelGuard(ext: () => string | null, maxPixels: number): Transform {
  let held: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      const kind = ext();
      if (kind === null || isImageExt(kind)) held.push(chunk);
      else held = [];
      done(null, chunk);
    },
    flush(done) {
      const kind = ext();
      if (kind === null || !isImageExt(kind)) {
        done();
        return;
      }
      const whole = Buffer.concat(held);
      held = [];
      headerPixels(whole).then(
        (pixels) => {
          done((pixels ?? 0) > maxPixels ? new UploadRejected('pixels') : null);
        },
        (err: unknown) => {
          done(err as Error);
        },
      );
    },
  });
}

const statusOf = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/**
 * Uploads in an S3-compatible object store (AWS S3, MinIO, R2, Ceph …), under the key
 * `<prefix><folder>/<name>` for the URL /media/<folder>/<name>: the database keeps the same URLs as
 * with the file store. Uploads stream through lib-storage's multipart Upload with the same checks as
 * on disk; a refused or broken upload is aborted, so no object is left. Credentials come from the
 * AWS SDK's usual chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, a profile, an instance role).
 */
export class S3Storage extends MediaLinks {
  readonly driver = 's3';
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  constructor(config: S3Config, secret: string) {
    super(secret);
    // The SDK's public switch for its warning that its releases from 2027 need Node 22: Atrium
    // documents its own Node version, and the warning would otherwise open every server log.
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
    this.bucket = config.bucket;
    this.prefix = config.prefix;
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint !== undefined && { endpoint: config.endpoint }),
      forcePathStyle: config.forcePathStyle,
    });
  }

  /** Nothing to sweep: an aborted upload leaves no object, and the store ends unfinished ones by its lifecycle rules. */
  async start(): Promise<void> {}

  stop(): Promise<void> {
    this.client.destroy();
    return Promise.resolve();
  }

  /** The key of a /media URL, or null for anything else (or a path that leaves its folder). */
  keyOf(url: string | null | undefined): string | null {
    if (!url?.startsWith('/media/')) return null;
    const rel = url.slice('/media/'.length).split('?')[0] ?? '';
    const parts = rel.split('/');
    if (parts.length < 2 || parts.some((p) => p === '' || p.startsWith('.'))) return null;
    return this.prefix + rel;
  }

  async saveStream(
    folder: string,
    source: Readable,
    opts: UploadRules,
  ): Promise<{ url: string; size: number; ext: string }> {
    let kindKnown: (ext: string) => void = () => {};
    const kind = new Promise<string>((resolve) => {
      kindKnown = resolve;
    });
    const guard = uploadGuard(opts, (ext) => {
      kindKnown(ext);
    });
    const body = new PassThrough({ highWaterMark: 1024 * 1024 });
    const abort = new AbortController();
    const piped = pipeline(source, guard.stream, pixelGuard(guard.ext, opts.maxPixels ?? MAX_IMAGE_PIXELS), body);
    // The name (and its extension) is known from the first bytes: the upload starts then.
    const stored = Promise.race([kind, piped.then(() => null)]).then(async (ext) => {
      if (ext === null) return null;
      const url = `/media/${folder}/${randomUUID()}.${ext}`;
      const upload = new Upload({
        client: this.client,
        params: {
          Bucket: this.bucket,
          Key: this.prefix + url.slice('/media/'.length),
          Body: body,
          ContentType: contentTypeOf(ext),
        },
        partSize: PART_BYTES,
        queueSize: 1,
        abortController: abort,
      });
      await upload.done();
      return url;
    });
    const [streamed, uploaded] = await Promise.allSettled([piped, stored]);
    const url = uploaded.status === 'fulfilled' ? uploaded.value : null;
    const found = guard.ext();
    if (streamed.status === 'fulfilled' && uploaded.status === 'fulfilled' && !wasTruncated(source)) {
      if (url && found && guard.size() > 0) return { url, size: guard.size(), ext: found };
    }
    abort.abort();
    // Whole before the refusal was seen (a part cut at the multipart reader's limit): removed again.
    if (url) await this.remove(url);
    // The stream's refusal first, not the upload's abort it caused.
    if (streamed.status === 'rejected') throw streamed.reason;
    if (wasTruncated(source)) throw new UploadRejected('too_large');
    if (uploaded.status === 'rejected') throw uploaded.reason;
    throw new UploadRejected('type');
  }

  async save(folder: string, ext: string, body: Buffer): Promise<string> {
    const name = `${folder}/${randomUUID()}.${ext}`;
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.prefix + name,
        Body: body,
        ContentType: contentTypeOf(ext),
      }),
    );
    return `/media/${name}`;
  }

  async remove(url: string | null | undefined): Promise<void> {
    const key = this.keyOf(url);
    if (key) await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async read(url: string): Promise<Readable> {
    const key = this.keyOf(url);
    if (!key) throw new Error(`not a stored file: ${url}`);
    const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    return out.Body as Readable;
  }

  /** A presigned GET of a stored file, valid until `until` (a Unix time in seconds), a week at most. */
  async presignedGet(url: string, until: number, now = Date.now()): Promise<string | null> {
    const key = this.keyOf(url);
    if (!key) return null;
    const expiresIn = Math.max(1, Math.min(MAX_PRESIGN_SECONDS, Math.floor(until - now / 1000)));
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.bucket, Key: key }), { expiresIn });
  }

  /** The origin presigned links point at, for the pages' Content-Security-Policy. */
  async origin(): Promise<string> {
    const link = await getSignedUrl(
      this.client,
      new GetObjectCommand({ Bucket: this.bucket, Key: `${this.prefix}x` }),
      {
        expiresIn: 60,
      },
    );
    return new URL(link).origin;
  }

  /**
   * A stored file for Atrium to pass on (public folders), honouring Range and If-None-Match: the
   * store's answer, `not_modified`, `range` (unsatisfiable) or null when there is no such file.
   */
  async get(
    url: string,
    headers: { range?: string; ifNoneMatch?: string },
  ): Promise<GetObjectCommandOutput | 'not_modified' | 'range' | null> {
    const key = this.keyOf(url);
    if (!key) return null;
    try {
      return await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: headers.range, IfNoneMatch: headers.ifNoneMatch }),
      );
    } catch (err) {
      const status = statusOf(err);
      if (status === 304) return 'not_modified';
      if (status === 416) return 'range';
      if (status === 404) return null;
      throw err;
    }
  }
}
