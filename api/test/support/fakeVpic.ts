import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server that speaks the two vPIC calls we use (DecodeVinValues, GetAllMakes), so tests
 * exercise the real HTTP client. `delayMs` simulates a slow service; `fail` a broken one.
 */
export type FakeVpic = {
  url: string;
  requests: string[];
  delayMs: number;
  fail: boolean;
  decodes: Record<string, Record<string, string>>;
  makes: { Make_ID: number; Make_Name: string }[];
  close(): Promise<void>;
};

export async function startFakeVpic(): Promise<FakeVpic> {
  const state = {
    requests: [] as string[],
    delayMs: 0,
    fail: false,
    decodes: {} as Record<string, Record<string, string>>,
    makes: [] as { Make_ID: number; Make_Name: string }[],
  };
  const server = http.createServer((req, res) => {
    state.requests.push(req.url ?? '');
    const answer = () => {
      if (state.fail) {
        res.writeHead(500, { 'content-type': 'text/plain' }).end('down');
        return;
      }
      const url = new URL(req.url ?? '/', 'http://vpic.local');
      const decode = /^\/api\/vehicles\/DecodeVinValues\/([^/]+)$/.exec(url.pathname);
      let body: unknown;
      if (decode && url.searchParams.get('format') === 'json') {
        const vin = decodeURIComponent(decode[1]);
        body = { Count: 1, Message: 'Results returned successfully', Results: [{ VIN: vin, ErrorCode: '0', ...(state.decodes[vin] ?? {}) }] };
      } else if (url.pathname === '/api/vehicles/GetAllMakes' && url.searchParams.get('format') === 'json') {
        body = { Count: state.makes.length, Message: 'Response returned successfully', Results: state.makes };
      } else {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (state.delayMs) setTimeout(answer, state.delayMs);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake = Object.assign(state, {
    url: `http://127.0.0.1:${port}/api`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
  return fake as FakeVpic;
}
