import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { generate } from 'selfsigned';
import { portToListenOn } from '../test/support/ports';
import { root } from './apiServer';

/** A server of a browser test's own, on 127.0.0.1, and how to stop it. */
export type LocalServer = { port: number; close: () => Promise<void> };

async function listen(server: http.Server | https.Server): Promise<number> {
  const port = await portToListenOn();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return (server.address() as AddressInfo).port;
}

const closer = (server: http.Server | https.Server) => () =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

/**
 * The intranet: docs/embedding-example.html at /, as an IT team would put it on its own server,
 * and /foreign.html, a page of whatever origin it is opened under that posts a console command
 * into the first frame of the page that frames it (a foreign origin the console must ignore).
 */
export async function startIntranet(): Promise<LocalServer> {
  const example = readFileSync(path.join(root, 'docs/embedding-example.html'));
  const foreign = `<!doctype html><script>
    const path = new URLSearchParams(location.search).get('path');
    parent.frames[0].postMessage({ source: 'vehicle-console', type: 'navigate', path }, '*');
    parent.frames[0].postMessage({ source: 'vehicle-console', type: 'setLanguage', lang: 'ar' }, '*');
  </script>`;
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://intranet').pathname;
    if (pathname === '/') res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(example);
    else if (pathname === '/foreign.html') res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(foreign);
    else res.writeHead(404).end();
  });
  return { port: await listen(server), close: closer(server) };
}

/**
 * A TLS-ending reverse proxy in front of `target` (http://127.0.0.1:port), with a self-signed
 * certificate for localhost, set up the way nginx often is: `proxy_set_header Host $host;` (the
 * port is lost), with X-Forwarded-Proto and X-Forwarded-Port. The browser must be told to accept
 * the certificate (ignoreHTTPSErrors).
 */
export async function startTlsProxy(target: string): Promise<LocalServer> {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }] }],
  });
  let port = 0;
  const server = https.createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const upstream = http.request(
      new URL(req.url ?? '/', target),
      {
        method: req.method,
        headers: {
          ...req.headers,
          host: 'localhost',
          'x-forwarded-proto': 'https',
          'x-forwarded-port': String(port),
          'x-forwarded-for': req.socket.remoteAddress ?? '',
        },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  port = await listen(server);
  return { port, close: closer(server) };
}
