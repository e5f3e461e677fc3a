import { existsSync, readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadsFolder } from '../src/http/uploads';
import { ENGINES } from './support/engines';
import { pdf } from './support/fixtures';
import { PASSWORD, startTestApp, type TestApp } from './support/testApp';
import { validVin } from './support/vins';

/** This process's upload folders (each request writes into its own, named after the process). */
const ownFolders = (dataDir: string) => (existsSync(uploadsFolder(dataDir)) ? readdirSync(uploadsFolder(dataDir)).filter((name) => name.startsWith(`${process.pid}-`)) : []);

/** Bytes written so far into one upload folder (0 when it is gone). */
const bytesIn = (dataDir: string, folder: string) => {
  const dir = path.join(uploadsFolder(dataDir), folder);
  if (!existsSync(dir)) return 0;
  return readdirSync(dir).reduce((sum, name) => sum + statSync(path.join(dir, name)).size, 0);
};

const waitFor = async (check: () => boolean, what: string, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

const count = async (t: TestApp, table: string, where: Record<string, unknown> = {}) => Number((await t.db(table).where(where).count({ n: '*' }))[0].n);

/**
 * A browser's Cancel aborts the request while its body is still on the way (the console sends
 * each file alone, XMLHttpRequest.abort()). The server must keep nothing of it: no row, no chunk,
 * no temporary file, on both engines, and must go on serving.
 */
describe.each(ENGINES)('an upload aborted mid-body on %s', (engine) => {
  let t: TestApp;
  let server: http.Server;
  let port: number;
  let cookie: string;
  let vehicleId: number;
  let companyId: number;

  beforeAll(async () => {
    t = await startTestApp(engine);
    companyId = (await t.company()).id;
    const admin = await t.user({ role: 'SUPER_ADMIN' });
    server = t.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as { port: number }).port;
    const signIn = await fetch(`http://127.0.0.1:${port}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: admin.username, password: PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const vehicle = await fetch(`http://127.0.0.1:${port}/api/vehicles`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ vin: validVin(), make: 'Ford', model: 'F-150', companyId }),
    });
    vehicleId = (await vehicle.json()).id;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  /**
   * Sends the parts whole, then `partial` bytes of a last part that claims to be much longer, waits
   * until the server has written some of that last part to its temporary file, and drops the
   * connection the way a browser's abort does.
   */
  const abortMidBody = async (urlPath: string, { whole = [] as Buffer[], partial = 2 * 1024 * 1024 } = {}) => {
    const boundary = 'abort-boundary';
    const part = (name: string) => `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`;
    const before = new Set(ownFolders(t.config.dataDir));
    const request = http.request({
      host: '127.0.0.1',
      port,
      path: urlPath,
      method: 'POST',
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(20 * 1024 * 1024) },
    });
    const answered = new Promise<void>((resolve) => {
      request.on('error', () => resolve());
      request.on('close', () => resolve());
    });
    whole.forEach((bytes, i) => {
      request.write(part(`whole-${i}.pdf`));
      request.write(bytes);
      request.write('\r\n');
    });
    request.write(part('half.pdf'));
    request.write(pdf(partial));
    let folder = '';
    await waitFor(() => {
      folder = ownFolders(t.config.dataDir).find((name) => !before.has(name)) ?? '';
      return folder !== '' && bytesIn(t.config.dataDir, folder) > whole.reduce((sum, b) => sum + b.length, 0);
    }, 'the server to write part of the upload to disk');
    request.destroy();
    await answered;
    // The request's folder, with everything written into it, goes once the server sees the abort.
    await waitFor(() => !existsSync(path.join(uploadsFolder(t.config.dataDir), folder)), 'the temporary folder to be removed');
    return folder;
  };

  it('keeps no file of a vehicle, neither row nor chunk nor temporary file', async () => {
    const chunksBefore = await count(t, 'file_chunks');
    await abortMidBody(`/api/vehicles/${vehicleId}/files`);
    expect(await count(t, 'vehicle_files', { vehicleId })).toBe(0);
    expect(await count(t, 'file_chunks')).toBe(chunksBefore);
  });

  it('keeps none of the files of a request whose last file was cut off, even those sent whole', async () => {
    const chunksBefore = await count(t, 'file_chunks');
    await abortMidBody(`/api/vehicles/${vehicleId}/files`, { whole: [pdf(300 * 1024), pdf(200 * 1024)] });
    expect(await count(t, 'vehicle_files', { vehicleId })).toBe(0);
    expect(await count(t, 'file_chunks')).toBe(chunksBefore);
  });

  /**
   * Starts an upload that claims 1 MB, sends `sent`, and drops the connection: at once, or once
   * the server has made the upload's folder (`afterFolder`), whose name it answers.
   */
  const abortAfter = async (sent: string, { afterFolder }: { afterFolder: boolean }) => {
    const before = new Set(ownFolders(t.config.dataDir));
    const request = http.request({
      host: '127.0.0.1',
      port,
      path: `/api/vehicles/${vehicleId}/files`,
      method: 'POST',
      headers: { cookie, 'content-type': 'multipart/form-data; boundary=abort-boundary', 'content-length': String(1024 * 1024) },
    });
    const closed = new Promise<void>((resolve) => request.on('close', () => resolve()));
    request.on('error', () => {});
    request.write(sent);
    let folder = '';
    if (afterFolder) await waitFor(() => (folder = ownFolders(t.config.dataDir).find((name) => !before.has(name)) ?? '') !== '', 'the upload folder to be made');
    request.destroy();
    await closed;
    return folder;
  };

  it('removes the empty folder of an upload aborted before any file bytes arrived', async () => {
    const header = '--abort-boundary\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n';
    for (const sent of ['-', header.slice(0, 40), header, `${header}%PDF`, `${header}%PDF-1.4\r\n--abort-boundary\r\n`]) {
      const folder = await abortAfter(sent, { afterFolder: true });
      await waitFor(() => !existsSync(path.join(uploadsFolder(t.config.dataDir), folder)), `the empty folder to be removed (${JSON.stringify(sent)})`);
    }
    expect(await count(t, 'vehicle_files', { vehicleId })).toBe(0);
  });

  it('removes the folder of an upload aborted before the server began to read its body', async () => {
    const before = new Set(ownFolders(t.config.dataDir));
    // Gone at once: the server may still be reading the session when the connection closes.
    for (let i = 0; i < 5; i++) await abortAfter('--abort-boundary\r\n', { afterFolder: false });
    // Each request's folder, if it was made, goes; the server answers on.
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    await waitFor(() => ownFolders(t.config.dataDir).filter((name) => !before.has(name)).length === 0, 'the folders of the aborted uploads to be removed');
  });

  /**
   * The probe's leak: a client gives up while the server is still busy before the upload's body
   * (its session read, a busy process), so the request is already closed when the upload begins.
   * The server in front holds each request until its client has gone, then hands it to the app:
   * the folder the app makes for it must go, and the request must end, not wait for ever.
   */
  it('removes the folder of an upload whose client had gone before the server reached its body', async () => {
    const handle = t.app.callback();
    let ended = 0;
    const held = http.createServer((req, res) => {
      req.once('close', () => void Promise.resolve(handle(req, res)).finally(() => ended++));
    });
    held.listen(0, '127.0.0.1');
    await new Promise((resolve) => held.once('listening', resolve));
    try {
      const before = new Set(ownFolders(t.config.dataDir));
      const request = http.request({
        host: '127.0.0.1',
        port: (held.address() as { port: number }).port,
        path: `/api/vehicles/${vehicleId}/files`,
        method: 'POST',
        headers: { cookie, 'content-type': 'multipart/form-data; boundary=abort-boundary', 'content-length': String(1024 * 1024) },
      });
      request.on('error', () => {});
      request.write('--abort-boundary\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF');
      // Gone once the server has the request (its headers): the server takes it only then.
      await new Promise<void>((resolve) => held.once('request', () => resolve()));
      request.destroy();
      let folder = '';
      await waitFor(() => (folder = ownFolders(t.config.dataDir).find((name) => !before.has(name)) ?? '') !== '' || ended > 0, 'the app to take the request');
      await waitFor(() => ended === 1, 'the aborted upload to end');
      expect(ownFolders(t.config.dataDir).filter((name) => !before.has(name))).toEqual([]);
      expect(await count(t, 'vehicle_files', { vehicleId })).toBe(0);
    } finally {
      held.closeAllConnections();
      await new Promise((resolve) => held.close(resolve));
    }
  });

  it('keeps no shared document', async () => {
    const chunksBefore = await count(t, 'file_chunks');
    await abortMidBody('/api/documents');
    expect(await count(t, 'documents')).toBe(0);
    expect(await count(t, 'file_chunks')).toBe(chunksBefore);
  });

  it('goes on serving: the next upload is stored whole', async () => {
    await abortMidBody(`/api/vehicles/${vehicleId}/files`, { partial: 512 * 1024 });
    const body = new FormData();
    body.append('file', new Blob([new Uint8Array(pdf(64 * 1024))], { type: 'application/pdf' }), 'after.pdf');
    const res = await fetch(`http://127.0.0.1:${port}/api/vehicles/${vehicleId}/files`, { method: 'POST', headers: { cookie }, body });
    expect(res.status).toBe(201);
    const [stored] = await res.json();
    expect(stored.fileName).toBe('after.pdf');
    expect(await count(t, 'vehicle_files', { vehicleId })).toBe(1);
    expect(await count(t, 'file_chunks', { vehicleFileId: stored.id })).toBeGreaterThan(0);
    expect(ownFolders(t.config.dataDir)).toEqual([]);
  });
});
