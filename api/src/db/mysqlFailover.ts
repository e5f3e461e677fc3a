import net from 'node:net';
import type { MysqlHost } from './mysqlHosts';

/** How long a host that failed is passed over, unless every host failed (then all are tried). */
export const HOST_DOWN_MS = 10_000;

/**
 * The servers of a multi-host DATABASE_URL (a Galera cluster) and which one new connections go
 * to. Connections go to the first host that answers; when one of its connections fails on the
 * network (refused, reset, closed while a query waited, no greeting) or the node says it is not
 * ready for clients (wsrep_ready OFF: out of the cluster's primary component, or still joining),
 * the host is marked down and the next new connection goes to the next host that answers.
 * Connections already open elsewhere stay where they are: a node that comes back takes new
 * connections only once the one in use fails, so the pool does not flap between nodes.
 */
export class MysqlHostList {
  private readonly downUntil = new Map<string, number>();
  private current: MysqlHost;
  /** Changes whenever the host in use is marked down: knex then asks for a new connection config. */
  private generation = 0;

  constructor(
    readonly hosts: readonly MysqlHost[],
    private readonly probeTimeoutMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.current = hosts[0];
  }

  /** The host new connections go to now. */
  get inUse(): MysqlHost {
    return this.current;
  }

  /** A token that answers true once the host in use has been marked down since it was taken. */
  staleCheck(): () => boolean {
    const taken = this.generation;
    return () => this.generation !== taken;
  }

  /** Marked down lately: its open connections are not lent again (the pool's validate). */
  isDown(host: MysqlHost): boolean {
    return (this.downUntil.get(key(host)) ?? 0) > this.now();
  }

  markDown(host: MysqlHost): void {
    this.downUntil.set(key(host), this.now() + HOST_DOWN_MS);
    if (key(host) === key(this.current)) this.generation++;
  }

  /**
   * The first host, in the listed order, that accepts a TCP connection within the probe time,
   * skipping those marked down lately unless none is left. Throws when none answers.
   */
  async choose(): Promise<MysqlHost> {
    const now = this.now();
    const up = this.hosts.filter((host) => (this.downUntil.get(key(host)) ?? 0) <= now);
    const candidates = up.length ? [...up, ...this.hosts.filter((host) => !up.includes(host))] : [...this.hosts];
    const failures: string[] = [];
    for (const host of candidates) {
      try {
        await probe(host, this.probeTimeoutMs);
        this.current = host;
        return host;
      } catch (error) {
        this.markDown(host);
        failures.push(`${key(host)} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
      }
    }
    throw Object.assign(new Error(`No database host answers: ${failures.join(', ')}`), { code: 'ECONNREFUSED' });
  }
}

const key = (host: MysqlHost) => `${host.host}:${host.port}`;

/** Resolves once host:port accepts a TCP connection, which is closed at once. */
function probe(host: MysqlHost, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(host.port, host.host);
    const fail = (error: Error) => {
      socket.destroy();
      reject(error);
    };
    socket.setTimeout(timeoutMs, () => fail(Object.assign(new Error('no answer'), { code: 'ETIMEDOUT' })));
    socket.once('error', fail);
    socket.once('connect', () => {
      socket.destroy();
      resolve();
    });
  });
}

/**
 * Watches one connection's socket and marks its host down when the network fails it: an error
 * (refused, reset, a query deadline), or a close before the server's greeting came (a node that
 * accepts connections but does not serve them, ended by mysql2's connect timeout). A server that
 * closes its connections as it stops is noticed by the next connection, which it refuses.
 */
export function watchSocket(socket: net.Socket, host: MysqlHost, hosts: MysqlHostList): void {
  let greeted = false;
  socket.once('data', () => (greeted = true));
  socket.once('error', () => hosts.markDown(host));
  socket.once('close', (hadError) => {
    if (!hadError && !greeted) hosts.markDown(host);
  });
}

/**
 * A node that left the cluster's primary component (it is stopping, or cut off from the others)
 * keeps its client connections open but refuses every statement with "WSREP has not yet prepared
 * node for application use" (errno 1047). Nothing of the statement was done.
 */
export function isNodeNotReady(error: unknown): boolean {
  const e = (error ?? {}) as { errno?: number; message?: string; nativeError?: { errno?: number; message?: string } };
  const errno = e.errno ?? e.nativeError?.errno;
  return errno === 1047 && /WSREP/i.test(e.message ?? e.nativeError?.message ?? '');
}
