import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'ra-core';
import { isAbortError, sendFiles, type UploadProgress } from './http';

type Listener = (event: { lengthComputable: boolean; loaded: number; total: number }) => void;

/**
 * A stand-in for the browser's XMLHttpRequest: it records what was sent and lets the test play
 * the network's part (progress, an answer, a failure). Only what sendFiles uses is here.
 */
class FakeRequest {
  static last: FakeRequest;
  method = '';
  url = '';
  withCredentials = false;
  headers: Record<string, string> = {};
  body: FormData | undefined;
  status = 0;
  statusText = '';
  responseText = '';
  aborted = false;
  private listeners: Record<string, Listener[]> = {};
  private uploadListeners: Record<string, Listener[]> = {};
  upload = { addEventListener: (type: string, listener: Listener) => (this.uploadListeners[type] ??= []).push(listener) };
  constructor() {
    FakeRequest.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: Listener) {
    (this.listeners[type] ??= []).push(listener);
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.fire('abort');
  }
  progress(loaded: number, total: number) {
    for (const listener of this.uploadListeners.progress ?? []) listener({ lengthComputable: true, loaded, total });
  }
  answer(status: number, statusText: string, body?: unknown) {
    this.status = status;
    this.statusText = statusText;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.fire('load');
  }
  fire(type: string) {
    for (const listener of this.listeners[type] ?? []) listener({ lengthComputable: false, loaded: 0, total: 0 });
  }
}

const stubRequest = () => vi.stubGlobal('XMLHttpRequest', FakeRequest);

afterEach(() => vi.unstubAllGlobals());

describe('uploads (sendFiles)', () => {
  it('sends every file under the field name file, with the session cookie, and answers the parsed JSON', async () => {
    stubRequest();
    const files = [new File(['a'], 'a.pdf'), new File(['b'], 'b.pdf')];
    const sent = sendFiles('PUT', '/companies/3/logo', files);
    const request = FakeRequest.last;
    expect(request.method).toBe('PUT');
    expect(request.url).toBe('/api/companies/3/logo');
    expect(request.withCredentials).toBe(true);
    expect(request.body!.getAll('file').map((file) => (file as File).name)).toEqual(['a.pdf', 'b.pdf']);
    request.answer(201, 'Created', [{ id: 1 }]);
    expect(await sent).toEqual([{ id: 1 }]);
  });

  it('reports how much of the body has been sent', async () => {
    stubRequest();
    const seen: UploadProgress[] = [];
    const sent = sendFiles('POST', '/documents', [new File(['x'], 'x.pdf')], { onProgress: (progress) => seen.push(progress) });
    FakeRequest.last.progress(100, 400);
    FakeRequest.last.progress(400, 400);
    FakeRequest.last.answer(201, 'Created', { id: 2 });
    await sent;
    expect(seen).toEqual([{ loaded: 100, total: 400 }, { loaded: 400, total: 400 }]);
  });

  it('stops the request when its signal aborts, and rejects with an AbortError', async () => {
    stubRequest();
    const controller = new AbortController();
    const sent = sendFiles('POST', '/documents', [new File(['x'], 'x.pdf')], { signal: controller.signal });
    const request = FakeRequest.last;
    controller.abort();
    expect(request.aborted).toBe(true);
    const error = await sent.catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
    // An already aborted signal sends nothing at all.
    const before = FakeRequest.last;
    await expect(sendFiles('POST', '/documents', [new File(['x'], 'x.pdf')], { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeRequest.last).toBe(before);
  });

  it('rejects a non-OK answer with the error of every call ("415: message"), and a lost connection as a network failure', async () => {
    stubRequest();
    const refused = sendFiles('POST', '/documents', [new File(['x'], 'x.exe')]);
    FakeRequest.last.answer(415, 'Unsupported Media Type', { message: 'Only PDF, DOC and DOCX files are allowed', code: 'files.type' });
    const error = (await refused.catch((e: unknown) => e)) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(415);
    expect(error.message).toBe('415: Only PDF, DOC and DOCX files are allowed');
    expect(error.body).toEqual({ message: 'Only PDF, DOC and DOCX files are allowed', code: 'files.type' });

    const lost = sendFiles('POST', '/documents', [new File(['x'], 'x.pdf')]);
    FakeRequest.last.fire('error');
    const network = await lost.catch((e: unknown) => e);
    expect(network).toBeInstanceOf(TypeError);
    expect(isAbortError(network)).toBe(false);
  });

  it('sends an upload that failed again with its first Idempotency-Key, and a new key after a success or for another file', async () => {
    stubRequest();
    // Picking the same file again gives another File object with the same name, size, type and date.
    const pick = (name = 'bill.pdf', content = 'bill') => new File([content], name, { type: 'application/pdf', lastModified: 1_700_000_000_000 });
    const keys: string[] = [];
    const upload = async (file: File, answer: (request: FakeRequest) => void) => {
      const sent = sendFiles('POST', '/vehicles/5/files', [file]);
      keys.push(FakeRequest.last.headers['Idempotency-Key']);
      answer(FakeRequest.last);
      return sent.catch((e: unknown) => e);
    };
    expect(await upload(pick(), (r) => r.answer(503, 'Service Unavailable', { message: 'The database is not answering' }))).toMatchObject({ status: 503 });
    expect(await upload(pick(), (r) => r.fire('error'))).toBeInstanceOf(TypeError);
    expect(await upload(pick(), (r) => r.answer(201, 'Created', [{ id: 9 }]))).toEqual([{ id: 9 }]);
    await upload(pick(), (r) => r.answer(201, 'Created', [{ id: 10 }]));
    await upload(pick('bill.pdf', 'another bill'), (r) => r.answer(503, 'Service Unavailable'));
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys.slice(0, 3)).toEqual([keys[0], keys[0], keys[0]]);
    expect(new Set(keys).size).toBe(3);

    // A PUT replaces rather than creates: no key.
    const logo = sendFiles('PUT', '/companies/3/logo', [pick('logo.png')]);
    expect(FakeRequest.last.headers['Idempotency-Key']).toBeUndefined();
    FakeRequest.last.answer(200, 'OK', { id: 3 });
    await logo;
  });
});
