import http from 'node:http';
import { portToListenOn } from './ports';
import type { AddressInfo } from 'node:net';

/**
 * The one stand-in for Ollama, for the API tests (api/test/ai.test.ts) and the browser tests
 * (e2e/global-setup.ts): a local server speaking the two calls we use, GET /api/tags and POST
 * /api/chat (non-streaming).
 */

/** What it answers when a test has set no answers, the same on every run (the browser tests check these words). */
export const FAKE_OLLAMA = {
  model: 'qwen2.5vl:7b',
  color: 'Blue',
  damage: {
    damagedPanels: ['front bumper', 'left front door'],
    severity: 'minor',
    fitToShip: true,
    summaryEn: 'Light scratches on the front bumper and a small dent in the left front door. The car is fit to ship.',
    summaryAr: 'خدوش خفيفة على الصدام الأمامي وانبعاج صغير في الباب الأمامي الأيسر. السيارة صالحة للشحن.',
  },
} as const;

export type ChatRequest = { model: string; format?: { properties?: Record<string, unknown> }; messages: { content: string; images?: string[] }[]; stream?: boolean };
export type FakeOllama = {
  url: string;
  /** The models GET /api/tags lists; a chat with another model is a 404, as Ollama answers. */
  models: string[];
  /**
   * Answers for the chat calls in order; the last one repeats. A string is sent as the message
   * content. With none, it answers by the JSON schema asked for: a colour, an Arabic
   * translation, or else a damage report (FAKE_OLLAMA).
   */
  answers: (string | object)[];
  delayMs: number;
  /** What it was sent, for the tests to read. */
  chats: ChatRequest[];
  /** The most chat calls it has had in flight at once. */
  maxConcurrent: number;
  close(): Promise<void>;
};

/** The answer a real model would give to the schema asked for, with FAKE_OLLAMA's words. */
function answerBySchema(chat: ChatRequest): object {
  const fields = Object.keys(chat.format?.properties ?? {});
  if (fields.includes('color')) return { color: FAKE_OLLAMA.color };
  if (fields.includes('arabic')) return { arabic: FAKE_OLLAMA.damage.summaryAr };
  return FAKE_OLLAMA.damage;
}

export async function startFakeOllama(): Promise<FakeOllama> {
  const state = { models: [FAKE_OLLAMA.model as string], answers: [] as (string | object)[], delayMs: 0, chats: [] as ChatRequest[], maxConcurrent: 0 };
  let inFlight = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      if (req.method === 'GET' && req.url === '/api/tags') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ models: state.models.map((name) => ({ name, model: name })) }));
        return;
      }
      if (req.method === 'POST' && req.url === '/api/chat') {
        let chat: ChatRequest;
        try {
          chat = JSON.parse(body) as ChatRequest;
        } catch {
          res.writeHead(400).end();
          return;
        }
        if (!state.models.includes(chat.model)) {
          res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: `model "${chat.model}" not found, try pulling it first` }));
          return;
        }
        const index = state.chats.push(chat) - 1;
        inFlight++;
        state.maxConcurrent = Math.max(state.maxConcurrent, inFlight);
        // A call ends when its answer is sent or the client gives up (a timeout).
        res.once('close', () => inFlight--);
        const answer = state.answers.length ? state.answers[Math.min(index, state.answers.length - 1)] : answerBySchema(chat);
        setTimeout(() => {
          if (res.destroyed) return;
          const content = typeof answer === 'string' ? answer : JSON.stringify(answer);
          res.writeHead(200, { 'content-type': 'application/json' }).end(
            JSON.stringify({ model: chat.model, created_at: new Date().toISOString(), message: { role: 'assistant', content }, done: true }),
          );
        }, state.delayMs);
        return;
      }
      res.writeHead(404).end();
    });
  });
  const listenOn = await portToListenOn();
  await new Promise<void>((resolve) => server.listen(listenOn, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  }) as FakeOllama;
}
