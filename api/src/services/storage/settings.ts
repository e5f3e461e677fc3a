/**
 * Where file bytes are kept (STORAGE_URL, read and checked by config.ts parseStorageUrl, which
 * gives this shape): in the database, in chunks (`db:`, the default: one
 * backup holds everything), or in an S3-compatible bucket (`s3://bucket?endpoint=…&region=…&forcePathStyle=true`:
 * AWS, MinIO, Ceph), for installs whose photos outgrow a database.
 */
export type StorageSettings =
  | { kind: 'db' }
  | {
      kind: 's3';
      bucket: string;
      /** Another S3-compatible server than AWS (MinIO, Ceph): its URL. */
      endpoint?: string;
      region: string;
      /** bucket in the path (http://host/bucket/key), as MinIO and Ceph usually want, not in the host name. */
      forcePathStyle: boolean;
      /** From AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY; unset, the SDK's own chain (instance role, profile). */
      credentials?: { accessKeyId: string; secretAccessKey: string };
    };

/** The URL as logs may show it (it carries no secret: credentials are never in it). */
export const describeStorage = (settings: StorageSettings) =>
  settings.kind === 'db' ? 'db:' : `s3://${settings.bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ''}`;
