import type http from 'node:http';
import net from 'node:net';

/** How often, once the window is over, idle kept connections and new arrivals are looked at. */
const SWEEP_MS = 50;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** One turn of the event loop's poll phase: sockets read what arrived meanwhile. */
const poll = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Follows a server's connections so that a stop closes only those that are really idle: no
 * request being answered and nothing read since the last look. server.close() closes every
 * connection without a parsed request, which resets a request whose bytes had arrived but were not
 * yet parsed (a busy process, a burst just after SIGTERM).
 */
export function trackConnections(server: http.Server) {
  const connections = new Map<net.Socket, { busy: number; bytesSeen: number }>();
  let lastConnectionAt = Date.now();
  server.on('connection', (socket: net.Socket) => {
    lastConnectionAt = Date.now();
    connections.set(socket, { busy: 0, bytesSeen: -1 });
    socket.once('close', () => connections.delete(socket));
  });
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const state = connections.get(req.socket);
    if (!state) return;
    state.busy++;
    res.once('close', () => {
      state.busy--;
      state.bytesSeen = -1;
    });
  });

  /**
   * Closes the connections idle at two looks in a row with nothing read between them; answers
   * how many are left open.
   */
  function closeQuietIdle(): number {
    for (const [socket, state] of connections) {
      if (state.busy > 0) continue;
      if (state.bytesSeen === socket.bytesRead) socket.destroy();
      else state.bytesSeen = socket.bytesRead;
    }
    return connections.size;
  }

  /**
   * The stop after SIGTERM: keeps accepting and answering for `drainMs` (answers already carry
   * Connection: close, server.ts), then waits until no new connection has come for a sweep (the
   * ones a busy process had not yet accepted are in the listen queue, and closing the listener
   * would reset them), stops listening, and closes kept connections as they fall quiet; busy ones
   * close after their answer. Whatever is still open after `graceMs` is closed.
   */
  async function stop({ drainMs, graceMs }: { drainMs: number; graceMs: number }): Promise<void> {
    const giveUpAt = Date.now() + graceMs;
    await pause(drainMs);
    await poll();
    while (Date.now() - lastConnectionAt < SWEEP_MS && Date.now() < giveUpAt) {
      await pause(SWEEP_MS);
      await poll();
    }
    // net.Server's close: stops listening without http.Server's closing of "idle" connections.
    const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
    while (closeQuietIdle() > 0 && Date.now() < giveUpAt) {
      await pause(SWEEP_MS);
      await poll();
    }
    for (const socket of connections.keys()) socket.destroy();
    await closed;
  }

  return { stop };
}
