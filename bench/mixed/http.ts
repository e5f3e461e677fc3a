import http from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/**
 * The load generator's HTTP client: node:http with keep-alive agents and nothing else, because it
 * shares the machine's cores with the server it measures. Bodies are read in full (the latency
 * includes them) but decoded only when the bench needs them (a created id, an error message).
 */

/**
 * What a browser sends (Chromium adds zstd, which Node 20 cannot decode): the server pays for
 * compressing answers as it does for the console.
 */
const ACCEPT_ENCODING = 'gzip, deflate, br';
const TIMEOUT_MS = 30_000;

export type Target = { port: number; agent: http.Agent };
export type Answer = { status: number; ms: number; body: Buffer; encoding?: string; error?: string };

export function targetAt(port: number, sockets: number): Target {
  return { port, agent: new http.Agent({ keepAlive: true, maxSockets: sockets }) };
}

/** One simulated browser: its own session cookie, requests alternating over the servers given. */
export class Session {
  private readonly cookies = new Map<string, string>();
  private turn: number;

  constructor(
    private readonly targets: Target[],
    start = 0,
  ) {
    this.turn = start;
  }

  request(method: string, path: string, body?: unknown): Promise<Answer> {
    // Round-robin over the server processes, one request each (the bench's load balancer).
    const target = this.targets[this.turn++ % this.targets.length];
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const headers: http.OutgoingHttpHeaders = { accept: 'application/json', 'accept-encoding': ACCEPT_ENCODING };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = payload.length;
    }
    const started = performance.now();
    return new Promise((resolve) => {
      const failed = (error: Error) => resolve({ status: 0, ms: performance.now() - started, body: Buffer.alloc(0), error: error.message });
      const req = http.request({ host: '127.0.0.1', port: target.port, method, path, headers, agent: target.agent, timeout: TIMEOUT_MS }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', failed);
        res.on('end', () => {
          for (const cookie of res.headers['set-cookie'] ?? []) this.keepCookie(cookie);
          const encoding = res.headers['content-encoding'];
          resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, body: Buffer.concat(chunks), encoding });
        });
      });
      req.on('timeout', () => req.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
      req.on('error', failed);
      req.end(payload);
    });
  }

  private keepCookie(setCookie: string) {
    const [pair] = setCookie.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    // An emptied or expired cookie is the server removing it.
    if (!value || /expires=Thu, 01 Jan 1970/i.test(setCookie)) this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}

/** The answer's body as text, decoded from its content encoding. */
export function textOf(answer: Answer): string {
  if (answer.error) return answer.error;
  const decode: Record<string, (b: Buffer) => Buffer> = { gzip: gunzipSync, deflate: inflateSync, br: brotliDecompressSync };
  const raw = answer.encoding && decode[answer.encoding] ? decode[answer.encoding](answer.body) : answer.body;
  return raw.toString('utf8');
}

export const jsonOf = <T>(answer: Answer): T => JSON.parse(textOf(answer)) as T;

export const isOk = (answer: Answer) => answer.status >= 200 && answer.status < 300;
