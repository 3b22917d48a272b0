import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver's fixed credentials: the AWS SDK's usual variables carry them to the server under test. */
export const S3RVER_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

export type TestStore = {
  endpoint: string;
  bucket: string;
  /** The settings that point Atrium at this store (STORAGE_URL with the `uploads/` prefix, the endpoint, credentials). */
  env: Record<string, string>;
  client: S3Client;
  /** Every key in the bucket, sorted. */
  keys: () => Promise<string[]>;
  /** The size of the object a /media URL names, or null when there is none. */
  sizeOf: (url: string) => Promise<number | null>;
  /** The first `bytes` bytes of the object a /media URL names, or null when there is none. */
  head: (url: string, bytes: number) => Promise<Buffer | null>;
  close: () => Promise<void>;
};

/**
 * A third-party S3 implementation (s3rver) on a loopback port (a free one unless told), its bucket
 * made, its files in a temp dir. Atrium keeps its files under the `uploads/` prefix.
 */
export async function startS3(opts: { bucket?: string; port?: number } = {}): Promise<TestStore> {
  const bucket = opts.bucket ?? 'atrium-test';
  // As the server does (storage-s3.ts): the SDK's notice about Node 22 is not the tests' business.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${String(port)}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const keys = async () => {
    const out = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
    return (out.Contents ?? []).map((o) => o.Key ?? '').sort();
  };
  const sizeOf = async (url: string) => {
    const key = `uploads/${url.slice('/media/'.length)}`;
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key })).catch(() => null);
    return head?.ContentLength ?? null;
  };
  const head = async (url: string, bytes: number) => {
    const key = `uploads/${url.slice('/media/'.length)}`;
    const got = await client
      .send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=0-${String(bytes - 1)}` }))
      .catch(() => null);
    return got?.Body ? Buffer.from(await got.Body.transformToByteArray()) : null;
  };
  return {
    endpoint,
    sizeOf,
    head,
    bucket,
    env: {
      STORAGE_URL: `s3://${bucket}/uploads`,
      STORAGE_S3_ENDPOINT: endpoint,
      ...S3RVER_CREDENTIALS,
    },
    client,
    keys,
    close: async () => {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
