import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ENGINES } from './support/engines';
import { startFakeOllama, type FakeOllama } from '../../test/support/fakeOllama';
import { startTestApp, type TestApp } from './support/testApp';
import { seedWorld, type World } from './support/world';
import { validVin } from './support/vins';
import { carPhoto } from './support/carImages';
import { pdf } from './support/fixtures';

const REPORT = {
  damagedPanels: ['front bumper', 'left front door'],
  severity: 'moderate',
  fitToShip: true,
  summaryEn: 'Dents on the front bumper and the left front door; the car can be shipped.',
  summaryAr: 'انبعاجات في الصدام الأمامي والباب الأمامي الأيسر؛ يمكن شحن السيارة.',
};

describe.each(ENGINES)('local AI on %s', (engine) => {
  let t: TestApp;
  let w: World;
  let ollama: FakeOllama;
  let vehicle: number;
  let imageId: number;
  let documentId: number;

  beforeAll(async () => {
    ollama = await startFakeOllama();
    t = await startTestApp(engine, { OLLAMA_HOST: ollama.url, OLLAMA_TIMEOUT_MS: '1500', AI_CONCURRENCY: '1' });
    w = await seedWorld(t);
    vehicle = Number((await t.db('vehicles').insert({ vin: validVin(), companyId: w.companyA.id, buyerId: w.buyer.id, status: 'NEW_PURCHASE', createdAt: new Date().toISOString() }))[0]);
    const uploaded = await w.clients.SHIPPER.post(`/api/vehicles/${vehicle}/files`).attach('file', await carPhoto('Red', 'studio'), 'red.jpg').attach('file', await carPhoto('Red', 'wall'), 'red2.jpg');
    imageId = uploaded.body[0].id;
    documentId = (await w.clients.SHIPPER.post(`/api/vehicles/${vehicle}/files`).attach('file', pdf(), 'title.pdf')).body[0].id;
  });
  afterAll(async () => {
    await t.close();
    await ollama.close();
  });
  beforeEach(() => {
    ollama.models = ['qwen2.5vl:7b'];
    ollama.answers = [];
    ollama.delayMs = 0;
    ollama.chats = [];
    ollama.maxConcurrent = 0;
  });

  it('asks the vision model for the colour with the image in base64 and a JSON schema', async () => {
    ollama.answers = [{ color: 'Blue' }];
    const res = await w.clients.SHIPPER.post(`/api/vehicles/${vehicle}/files/${imageId}/detect-color`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ color: 'Blue', hex: expect.stringMatching(/^#[0-9A-F]{6}$/i), source: 'ollama' });
    const chat = ollama.chats[0];
    expect(chat.model).toBe('qwen2.5vl:7b');
    expect(chat.messages[0].images).toHaveLength(1);
    expect(Buffer.from(chat.messages[0].images![0], 'base64').subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(JSON.stringify(chat.format)).toContain('"enum"');
    expect(JSON.stringify(chat.format)).toContain('Purple');
  });

  it('falls back to the embedded detector without the model, and names a red car Red', async () => {
    ollama.models = [];
    const res = await w.clients.COMPANY_ADMIN.post(`/api/vehicles/${vehicle}/files/${imageId}/detect-color`);
    expect(res.body).toEqual({ color: 'Red', hex: expect.any(String), source: 'embedded' });
    expect(ollama.chats).toHaveLength(0);
  });

  it('detects colour only on an image of that vehicle, for those who may edit it', async () => {
    expect((await w.clients.SHIPPER.post(`/api/vehicles/${vehicle}/files/${documentId}/detect-color`)).status).toBe(400);
    const other = Number((await t.db('vehicles').insert({ vin: validVin(), companyId: w.companyA.id, status: 'NEW_PURCHASE', createdAt: new Date().toISOString() }))[0]);
    expect((await w.clients.SHIPPER.post(`/api/vehicles/${other}/files/${imageId}/detect-color`)).status).toBe(404);
    expect((await w.clients.BUYER.post(`/api/vehicles/${vehicle}/files/${imageId}/detect-color`)).status).toBe(403);
  });

  it('analyses damage in English and Arabic, stores both, and lets others read the result', async () => {
    ollama.answers = [REPORT];
    const res = await w.clients.SUPER_ADMIN.post(`/api/vehicles/${vehicle}/accident-analysis`).send({});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ imageCount: 2, analysisAr: REPORT.summaryAr, lastAnalysisDate: expect.any(String) });
    expect(res.body.analysis).toContain(REPORT.summaryEn);
    expect(res.body.analysis).toContain('front bumper');
    expect(ollama.chats[0].messages[0].images).toHaveLength(2);
    expect(JSON.stringify(ollama.chats[0].format)).toContain('summaryAr');
    const stored = await w.clients.BUYER.get(`/api/vehicles/${vehicle}`);
    expect(stored.body).toMatchObject({ accidentAnalysisAr: REPORT.summaryAr, accidentAnalysisImageCount: 2, lastAnalysisDate: res.body.lastAnalysisDate });
    expect(await t.db('vehicles').where({ id: vehicle }).first('accidentAnalysisImageCount')).toEqual({ accidentAnalysisImageCount: 2 });
    for (const actor of ['COMPANY_ADMIN', 'SHIPPER', 'BUYER'] as const) {
      expect((await w.clients[actor].post(`/api/vehicles/${vehicle}/accident-analysis`)).status).toBe(403);
    }
  });

  it('asks again for a translation when the Arabic report is not in Arabic script', async () => {
    ollama.answers = [{ ...REPORT, summaryAr: 'Inbi3ajat fi al-sidam' }, { arabic: 'انبعاجات في الصدام' }];
    const res = await w.clients.SUPER_ADMIN.post(`/api/vehicles/${vehicle}/accident-analysis`);
    expect(res.status).toBe(200);
    expect(res.body.analysisAr).toBe('انبعاجات في الصدام');
    expect(ollama.chats).toHaveLength(2);
    expect(ollama.chats[1].messages[0].content).toContain(REPORT.summaryEn);
  });

  it('says what to do when the model is missing or Ollama is down, and overwrites nothing', async () => {
    ollama.answers = [REPORT];
    await w.clients.SUPER_ADMIN.post(`/api/vehicles/${vehicle}/accident-analysis`);
    const before = await t.db('vehicles').where({ id: vehicle }).first('accidentAnalysis', 'accidentAnalysisAr', 'lastAnalysisDate');

    ollama.models = ['llava:7b'];
    const missing = await w.clients.SUPER_ADMIN.post(`/api/vehicles/${vehicle}/accident-analysis`);
    expect(missing.status).toBe(503);
    expect(missing.body.message).toContain('ollama pull qwen2.5vl:7b');

    const down = await startTestApp(engine, { OLLAMA_HOST: 'http://127.0.0.1:9', OLLAMA_TIMEOUT_MS: '1000' });
    try {
      const sa = await down.user({ role: 'SUPER_ADMIN' });
      const company = await down.company();
      const v = Number((await down.db('vehicles').insert({ vin: validVin(), companyId: company.id, status: 'NEW_PURCHASE', createdAt: new Date().toISOString() }))[0]);
      const agent = await down.signedIn(sa.username);
      await agent.post(`/api/vehicles/${v}/files`).attach('file', await carPhoto('Blue', 'lot'), 'b.jpg');
      const res = await agent.post(`/api/vehicles/${v}/accident-analysis`);
      expect(res.status).toBe(503);
      expect(res.body.message).toContain('ollama serve');
      // Colour detection still answers, from the embedded detector.
      const file = (await down.db('vehicle_files').where({ vehicleId: v }).first('id')).id;
      expect((await agent.post(`/api/vehicles/${v}/files/${file}/detect-color`)).body).toMatchObject({ color: 'Blue', source: 'embedded' });
      expect((await agent.get('/api/ai/status')).body).toMatchObject({ ollama: { reachable: false, modelPresent: false }, colorDetector: 'embedded' });
    } finally {
      await down.close();
    }
    expect(await t.db('vehicles').where({ id: vehicle }).first('accidentAnalysis', 'accidentAnalysisAr', 'lastAnalysisDate')).toEqual(before);
  });

  it('answers 504 past the timeout and 502 for malformed output, keeping the last analysis', async () => {
    const before = await t.db('vehicles').where({ id: vehicle }).first('accidentAnalysisAr', 'lastAnalysisDate');
    ollama.answers = [REPORT];
    ollama.delayMs = 2500;
    const slow = await w.clients.SUPER_ADMIN.post(`/api/vehicles/${vehicle}/accident-analysis`);
    expect(slow.status).toBe(504);
    expect(slow.body.message).toMatch(/did not answer/);
    ollama.delayMs = 0;
    for (const bad of ['this is not json', { severity: 'catastrophic' }]) {
      ollama.answers = [bad];
      ollama.chats = [];
      const res = await w.clients.SUPER_ADMIN.post(`/api/vehicles/${vehicle}/accident-analysis`);
      expect(res.status).toBe(502);
    }
    expect(await t.db('vehicles').where({ id: vehicle }).first('accidentAnalysisAr', 'lastAnalysisDate')).toEqual(before);
  });

  it('refuses to analyse a vehicle without images', async () => {
    const bare = Number((await t.db('vehicles').insert({ vin: validVin(), companyId: w.companyA.id, status: 'NEW_PURCHASE', createdAt: new Date().toISOString() }))[0]);
    const res = await w.clients.SUPER_ADMIN.post(`/api/vehicles/${bare}/accident-analysis`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/no images/);
  });

  it('queues analyses: five at once reach the model one at a time, and other routes stay fast', async () => {
    ollama.answers = [REPORT];
    ollama.delayMs = 400;
    const started = Date.now();
    let analysed = 0;
    const all = Promise.all(
      Array.from({ length: 5 }, () =>
        w.clients.SUPER_ADMIN.post(`/api/vehicles/${vehicle}/accident-analysis`).then((res) => {
          analysed++;
          return res;
        }),
      ),
    );
    // Another user's list answers while the analyses still queue (two seconds of model time), not
    // after them: told by order, not by a time a busy machine might miss.
    expect((await w.clients.SHIPPER.get('/api/vehicles')).status).toBe(200);
    expect(analysed).toBeLessThan(5);
    const results = await all;
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(ollama.maxConcurrent).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(5 * 400);
  });

  it('reports the AI status to a SUPER_ADMIN only', async () => {
    const res = await w.clients.SUPER_ADMIN.get('/api/ai/status');
    expect(res.body).toMatchObject({ ollama: { reachable: true, modelPresent: true, model: 'qwen2.5vl:7b' }, colorDetector: 'ollama' });
    expect((await w.clients.COMPANY_ADMIN.get('/api/ai/status')).status).toBe(403);
  });
});
