/**
 * Where file bytes are kept (STORAGE_URL): in the database, in chunks (`db:`, the default: one
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

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PARAMS = new Set(['endpoint', 'region', 'forcePathStyle']);

/** STORAGE_URL's value, or a message saying what it takes. Credentials come from the environment, never the URL. */
export function parseStorageUrl(value: string, env: NodeJS.ProcessEnv = {}): StorageSettings | string {
  const text = value.trim();
  if (text === '' || text === 'db:' || text === 'db') return { kind: 'db' };
  const usage = 'use db: or s3://bucket?endpoint=https://host:port&region=…&forcePathStyle=true';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return usage;
  }
  if (url.protocol !== 's3:') return usage;
  if (url.username || url.password) return 'give the credentials in AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, not in the URL';
  const bucket = url.hostname;
  if (!BUCKET.test(bucket)) return `"${bucket}" is not a bucket name (3 to 63 lower-case letters, digits, dots and hyphens)`;
  if (url.pathname && url.pathname !== '/') return 'the URL names a bucket only (s3://bucket), no path';
  const unknown = [...url.searchParams.keys()].find((key) => !PARAMS.has(key));
  if (unknown) return `unknown parameter "${unknown}": endpoint, region and forcePathStyle are known`;
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/]+/.test(endpoint)) return `endpoint "${endpoint}" must be an http:// or https:// URL`;
  const pathStyle = url.searchParams.get('forcePathStyle') ?? 'false';
  if (!['true', 'false'].includes(pathStyle)) return 'forcePathStyle is true or false';
  const [accessKeyId, secretAccessKey] = [env.AWS_ACCESS_KEY_ID, env.AWS_SECRET_ACCESS_KEY];
  if (!!accessKeyId !== !!secretAccessKey) return 'set both AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or neither';
  return {
    kind: 's3',
    bucket,
    endpoint: endpoint?.replace(/\/+$/, ''),
    region: url.searchParams.get('region') || env.AWS_REGION || 'us-east-1',
    forcePathStyle: pathStyle === 'true',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  };
}

/** The URL as logs may show it (it carries no secret: credentials are never in it). */
export const describeStorage = (settings: StorageSettings) =>
  settings.kind === 'db' ? 'db:' : `s3://${settings.bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ''}`;
