import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server speaking the two Ollama calls we use: GET /api/tags and POST /api/chat
 * (non-streaming). Tests set what it answers and read what it was sent.
 */
export type ChatRequest = { model: string; format?: unknown; messages: { content: string; images?: string[] }[]; stream?: boolean };
export type FakeOllama = {
  url: string;
  models: string[];
  /** Answers for the chat calls in order; the last one repeats. A string is sent as the message content. */
  answers: (string | object)[];
  delayMs: number;
  chats: ChatRequest[];
  maxConcurrent: number;
  close(): Promise<void>;
};

export async function startFakeOllama(): Promise<FakeOllama> {
  const state = { models: ['qwen2.5vl:7b'], answers: [] as (string | object)[], delayMs: 0, chats: [] as ChatRequest[], maxConcurrent: 0 };
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
        const chat = JSON.parse(body) as ChatRequest;
        if (!state.models.includes(chat.model)) {
          res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: `model "${chat.model}" not found, try pulling it first` }));
          return;
        }
        const index = state.chats.push(chat) - 1;
        inFlight++;
        state.maxConcurrent = Math.max(state.maxConcurrent, inFlight);
        // A call ends when its answer is sent or the client gives up (a timeout).
        res.once('close', () => inFlight--);
        const answer = state.answers[Math.min(index, state.answers.length - 1)] ?? '{}';
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
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
