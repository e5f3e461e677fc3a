import net from 'node:net';

/**
 * A TCP proxy between the API and MariaDB, for the faults a database has:
 * - freeze/thaw: it stops forwarding, connections stay open and nothing comes back, as with a
 *   frozen server (kill -STOP) or a stalled network; bytes held meanwhile are delivered on thaw,
 *   as the resumed server would read them;
 * - kill/restart: every connection is dropped and new ones are refused, as with a killed server,
 *   until it is back.
 */
export async function databaseProxy(target: URL) {
  let frozen = false;
  let down = false;
  const held: (() => void)[] = [];
  const sockets = new Set<net.Socket>();
  const forward = (from: net.Socket, to: net.Socket) =>
    from.on('data', (chunk) => (frozen ? held.push(() => to.write(chunk)) : to.write(chunk)));
  const server = net.createServer((client) => {
    if (down) return client.destroy();
    const upstream = net.connect(Number(target.port || 3306), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => {
        sockets.delete(s);
        client.destroy();
        upstream.destroy();
      });
    }
    forward(client, upstream);
    forward(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    freeze: () => (frozen = true),
    thaw: () => {
      frozen = false;
      for (const send of held.splice(0)) send();
    },
    kill: () => {
      down = true;
      for (const s of sockets) s.destroy();
    },
    restart: () => (down = false),
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
