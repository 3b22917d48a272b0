import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
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
  close: () => Promise<void>;
};

/** A third-party S3 implementation (s3rver) on a free loopback port, its bucket made, its files in a temp dir. */
export async function startS3(bucket = 'atrium-test'): Promise<TestStore> {
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
  return {
    endpoint,
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
