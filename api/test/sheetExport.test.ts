import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from './support/engines';
import { startTestApp, type TestApp } from './support/testApp';
import { seedWorld, type World } from './support/world';

/** The body of a download as bytes (supertest buffers it). */
const bytes = (req: import('supertest').Test) =>
  req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

describe.each(ENGINES)('exporting lists on %s', (engine) => {
  let t: TestApp;
  let w: World;
  const now = () => new Date().toISOString();
  const vin = (prefix: string, i: number) => `${prefix}${String(i).padStart(17 - prefix.length, '0')}`;

  beforeAll(async () => {
    t = await startTestApp(engine);
    w = await seedWorld(t);
    const port = Number((await t.db('ports').insert({ name: 'Jeddah Islamic Port', nameAr: 'ميناء جدة الإسلامي', country: 'SA', createdAt: now() }))[0]);
    const container = Number((await t.db('containers').insert({ number: 'MSCU1234565', companyId: w.companyA.id, shipperId: w.shipper.id, containerSize: '40HC', createdAt: now() }))[0]);
    // 30,000 vehicles in company A (25,000 loaded), 1,000 loaded in company B, written in bulk.
    const rows = (companyId: number, prefix: string, count: number, loaded: number) =>
      Array.from({ length: count }, (_, i) => ({
        vin: vin(prefix, i),
        make: i % 2 ? 'Toyota' : 'Nissan',
        model: 'Patrol',
        year: 2020,
        status: i < loaded ? 'LOADED' : 'NEW_PURCHASE',
        companyId,
        shipperId: companyId === w.companyA.id ? w.shipper.id : null,
        vehicleInfo: JSON.stringify({ color: 'أبيض', trim: 'LE' }),
        createdAt: now(),
      }));
    await t.db.batchInsert('vehicles', rows(w.companyA.id, 'JTA', 30_000, 25_000), 500);
    await t.db.batchInsert('vehicles', rows(w.companyB.id, 'JTB', 1_000, 1_000), 500);
    // One car with a container, a port and text a spreadsheet would run as a formula.
    await t.db('vehicles').where({ vin: vin('JTA', 0) }).update({ containerId: container, fromPortId: port, notes: '=HYPERLINK("http://evil.example","x")', make: '+Toyota', model: '@SUM(A1)' });
  }, 120_000);
  afterAll(() => t.close());

  it('streams every matching vehicle of the caller\u2019s company as CSV: no 1,000 cap, the list\u2019s filter and sort, a BOM, formulas neutralised', async () => {
    const filter = encodeURIComponent(JSON.stringify({ status: 'LOADED' }));
    const sort = encodeURIComponent(JSON.stringify(['vin', 'ASC']));
    const res = await bytes(w.clients.SHIPPER.get(`/api/vehicles/export?format=csv&filter=${filter}&sort=${sort}`));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="vehicles-\d{4}-\d{2}-\d{2}\.csv"$/);
    const body = res.body as Buffer;
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const records = parse(body, { bom: true }) as string[][];
    expect(records.length).toBe(25_001);
    const [headings, first, second] = records;
    expect(headings.slice(0, 11)).toEqual(['VIN', 'Make', 'Model', 'Year', 'Status', 'Container', 'Port of origin', 'Port of destination', 'Buyer', 'Notes', 'Company']);
    const cell = (row: string[], heading: string) => row[headings.indexOf(heading)];
    expect(cell(first, 'VIN')).toBe(vin('JTA', 0));
    expect(cell(first, 'Make')).toBe("'+Toyota");
    expect(cell(first, 'Model')).toBe("'@SUM(A1)");
    expect(cell(first, 'Notes')).toBe('\'=HYPERLINK("http://evil.example","x")');
    expect(cell(first, 'Container')).toBe('MSCU1234565');
    expect(cell(first, 'Port of origin')).toBe('Jeddah Islamic Port');
    expect(cell(first, 'Status')).toBe('Loaded');
    expect(cell(first, 'Color')).toBe('أبيض');
    expect(cell(first, 'Trim')).toBe('LE');
    expect(cell(second, 'VIN')).toBe(vin('JTA', 1));
    expect(records.every((r, i) => i === 0 || r[0].startsWith('JTA'))).toBe(true);
  }, 60_000);

  it('writes an .xlsx in the asked language; another company\u2019s rows never appear; a bad format is a 400', async () => {
    const filter = encodeURIComponent(JSON.stringify({ q: 'JTA0000000000001' }));
    const res = await bytes(w.clients.COMPANY_ADMIN.get(`/api/vehicles/export?format=xlsx&lang=ar&filter=${filter}`));
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/vehicles-.*\.xlsx/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.body as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const values = (n: number) => (sheet.getRow(n).values as ExcelJS.CellValue[]).slice(1);
    expect(values(1).slice(0, 5)).toEqual(['رقم الهيكل (VIN)', 'الشركة المصنِّعة', 'الطراز', 'السنة', 'الحالة']);
    // JTA…10 to JTA…19: ten cars.
    expect(sheet.actualRowCount).toBe(11);
    expect(values(2)).toContain('تم التحميل');
    const other = await bytes(t.anon().get('/api/vehicles/export?format=csv'));
    expect(other.status).toBe(401);
    const adminB = await t.signedIn(w.adminB.username);
    const onlyB = parse((await bytes(adminB.get('/api/vehicles/export?format=csv'))).body as Buffer, { bom: true }) as string[][];
    expect(onlyB.length).toBe(1_001);
    expect(onlyB.slice(1).every((r) => r[0].startsWith('JTB'))).toBe(true);
    expect((await w.clients.SHIPPER.get('/api/vehicles/export?format=pdf')).status).toBe(400);
    // The console's HEAD before it follows the link: the same refusals, and no rows for a success.
    expect((await t.anon().head('/api/vehicles/export?format=csv')).status).toBe(401);
    expect((await w.clients.SHIPPER.head('/api/vehicles/export?format=pdf')).status).toBe(400);
    const head = await w.clients.SHIPPER.head('/api/vehicles/export?format=csv');
    expect([head.status, head.headers['content-type']]).toEqual([200, 'text/csv; charset=utf-8']);
  }, 60_000);

  it('exports containers and invoices the same way', async () => {
    const containers = parse((await bytes(w.clients.SHIPPER.get('/api/containers/export?format=csv'))).body as Buffer, { bom: true }) as string[][];
    expect(containers[0][0]).toBe('Container number');
    expect(containers.slice(1).map((r) => r[0])).toEqual(['MSCU1234565']);
    expect(containers[1][containers[0].indexOf('Shipper')]).toBe(w.shipper.username);
    const invoices = await bytes(w.clients.SHIPPER.get('/api/invoices/export?format=csv'));
    expect(invoices.status).toBe(200);
    expect((parse(invoices.body as Buffer, { bom: true }) as string[][])[0][0]).toBe('Invoice number');
    expect((await w.clients.BUYER.get('/api/containers/export?format=csv')).status).toBe(403);
  });
});
