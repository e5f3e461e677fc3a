import net from 'node:net';

type SocketOptions = { config: { host?: string; port?: number; socketPath?: string } };

/**
 * A socket factory for mysql2's documented `stream` option that puts a deadline on every query
 * on the connection, whoever sends it (knex, objection, the rate limiter's own SQL).
 *
 * MySQL's protocol is request and answer. When the client has written something since the last
 * bytes came back and then nothing moves either way for `queryTimeoutMs`, the server (or the
 * network to it) is not answering: the socket is destroyed with ETIMEDOUT. mysql2 then fails the
 * waiting query and marks the connection broken, and knex's pool drops it instead of lending it
 * again, so once the database answers, fresh connections serve and nothing needs a restart.
 * Idle pooled connections (nothing written since the last answer) are left alone, and a long
 * result that keeps streaming rows never trips it: the deadline is on silence, not on duration.
 *
 * A per-query timeout could not do this: mysql2's `timeout` answers the caller but leaves the
 * stuck command on the connection, which knex would then reuse, and knex's `.timeout()` has to be
 * put on each builder.
 */
export function mysqlSocketWithDeadline(queryTimeoutMs: number) {
  return ({ config }: SocketOptions): net.Socket => {
    const socket = config.socketPath ? net.connect(config.socketPath) : net.connect(config.port ?? 3306, config.host ?? 'localhost');
    // What mysql2 does for its own sockets.
    socket.setNoDelay(true);
    socket.on('connect', () => socket.setKeepAlive(true));

    let writtenWhenLastAnswered = 0;
    socket.on('data', () => {
      writtenWhenLastAnswered = socket.bytesWritten;
    });
    // Node re-arms this timer on every read and write: it fires after that much silence.
    socket.setTimeout(queryTimeoutMs, () => {
      const waitingForAnswer = socket.bytesWritten > writtenWhenLastAnswered;
      if (!waitingForAnswer) return;
      const error = Object.assign(new Error(`The database did not answer within ${queryTimeoutMs} ms`), { code: 'ETIMEDOUT' });
      socket.destroy(error);
    });
    return socket;
  };
}
