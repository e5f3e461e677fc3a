/** One MySQL/MariaDB server of DATABASE_URL. */
export type MysqlHost = { host: string; port: number };

export type MysqlUrl = {
  /** The URL with its first host only: what a single-server reader (mysqlLogin, new URL) takes. */
  url: URL;
  /** Every host listed, in the order given: the first that answers is used (mysqlFailover.ts). */
  hosts: MysqlHost[];
};

/** scheme://[userinfo@]hosts[/path][?query][#fragment], hosts being one or more host[:port] split by commas. */
const SHAPE = /^([a-z][a-z0-9+.-]*:\/\/)(?:([^@/?#]*)@)?([^/?#]*)(.*)$/i;

/**
 * Reads a mysql:// (or mariadb://) DATABASE_URL that may list several servers of one cluster
 * (a MariaDB Galera cluster: mysql://user:pass@db1:3306,db2:3306,db3:3306/vehicles). WHATWG URLs
 * take one host only, so the hosts are split off first and the rest read as a URL with the first.
 * Throws an Error that says what is wrong.
 */
export function parseMysqlUrl(databaseUrl: string): MysqlUrl {
  const match = SHAPE.exec(databaseUrl);
  if (!match) throw new Error('not a URL: use mysql://user:pass@host:port/db');
  const [, scheme, userinfo, hostList, rest] = match;
  const hosts = hostList.split(',').map((one) => {
    if (!one) throw new Error(`an empty host in "${hostList}": list hosts as host1:port1,host2:port2`);
    let parsed: URL;
    try {
      parsed = new URL(`mysql://${one}`);
    } catch {
      throw new Error(`"${one}" is not a host or host:port`);
    }
    if (parsed.pathname || parsed.username || !parsed.hostname) throw new Error(`"${one}" is not a host or host:port`);
    return { host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'), port: Number(parsed.port || 3306) };
  });
  const unique = new Set(hosts.map((h) => `${h.host}:${h.port}`));
  if (unique.size !== hosts.length) throw new Error(`a host is listed twice in "${hostList}"`);
  const url = new URL(`${scheme}${userinfo !== undefined ? `${userinfo}@` : ''}${hostList.split(',')[0]}${rest}`);
  return { url, hosts };
}

/** The same mysql:// URL (every host kept) naming another database. */
export function mysqlUrlWithDatabase(databaseUrl: string, database: string): string {
  const [, scheme, userinfo, hostList, rest] = SHAPE.exec(databaseUrl) ?? [];
  const query = /[?#].*$/.exec(rest ?? '')?.[0] ?? '';
  return `${scheme}${userinfo !== undefined ? `${userinfo}@` : ''}${hostList}/${encodeURIComponent(database)}${query}`;
}

/**
 * The URL with its hosts taken from the k-th one round: db2,db3,db1 for k = 1. Processes given
 * k = 0, 1, … start on different nodes of a cluster, each moving to the next when its node goes.
 */
export function mysqlUrlStartingAt(databaseUrl: string, k: number): string {
  const [, scheme, userinfo, hostList, rest] = SHAPE.exec(databaseUrl) ?? [];
  const hosts = hostList.split(',');
  const turned = [...hosts.slice(k % hosts.length), ...hosts.slice(0, k % hosts.length)];
  return `${scheme}${userinfo !== undefined ? `${userinfo}@` : ''}${turned.join(',')}${rest}`;
}
