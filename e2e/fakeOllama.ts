import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake model answers, the same on every run (the browser tests check these words). */
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

/**
 * A local stand-in for Ollama for the browser tests: GET /api/tags lists the model, POST /api/chat
 * (non-streaming) answers by the JSON schema the API asks for — a colour, a damage report, or an
 * Arabic translation — as `{message: {role: 'assistant', content: '<JSON>'}, done: true}`.
 */
export async function startFakeOllama(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.method === 'GET' && req.url === '/api/tags') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ models: [{ name: FAKE_OLLAMA.model, model: FAKE_OLLAMA.model }] }));
        return;
      }
      if (req.method === 'POST' && req.url === '/api/chat') {
        let chat: { model?: string; format?: { properties?: Record<string, unknown> } } = {};
        try {
          chat = JSON.parse(body);
        } catch {
          res.writeHead(400).end();
          return;
        }
        const fields = Object.keys(chat.format?.properties ?? {});
        const answer = fields.includes('color')
          ? { color: FAKE_OLLAMA.color }
          : fields.includes('arabic')
            ? { arabic: FAKE_OLLAMA.damage.summaryAr }
            : FAKE_OLLAMA.damage;
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            model: chat.model ?? FAKE_OLLAMA.model,
            created_at: new Date().toISOString(),
            message: { role: 'assistant', content: JSON.stringify(answer) },
            done: true,
          }),
        );
        return;
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
