import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from './support/engines';
import { startTestApp, type TestApp } from './support/testApp';
import { seedWorld, type World } from './support/world';
import { validVin } from './support/vins';

/** A VIN of the right form whose check digit is wrong (a warning, never a refusal). */
const wrongCheckDigit = (vin: string) => `${vin.slice(0, 8)}${vin[8] === '0' ? '1' : '0'}${vin.slice(9)}`;
const BOM = '\uFEFF';
const csv = (lines: string[], { bom = false } = {}) => Buffer.from((bom ? BOM : '') + lines.join('\r\n') + '\r\n', 'utf8');

async function xlsx(rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Vehicles');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe.each(ENGINES)('importing spreadsheets on %s', (engine) => {
  let t: TestApp;
  let w: World;
  let containerA: number;
  let jeddah: number;
  const now = () => new Date().toISOString();

  const send = (who: keyof World['clients'], resource: 'vehicles' | 'containers', file: Buffer, name: string, query = '', language = 'en') =>
    w.clients[who].post(`/api/${resource}/import${query}`).set('Accept-Language', language).attach('file', file, name);
  const vehicleRow = (vin: string) => t.db('vehicles').where({ vin }).first();
  const count = async (table: string) => Number((await t.db(table).count({ n: '*' }))[0].n);

  beforeAll(async () => {
    t = await startTestApp(engine, { UPLOAD_MAX_MB: '1' });
    w = await seedWorld(t);
    containerA = Number((await t.db('containers').insert({ number: 'MSCU1234565', companyId: w.companyA.id, shipperId: w.shipper.id, containerSize: '20FT', createdAt: now() }))[0]);
    await t.db('containers').insert({ number: 'MAEU7654321', companyId: w.companyB.id, createdAt: now() });
    jeddah = Number((await t.db('ports').insert({ name: 'Jeddah Islamic Port', nameAr: 'ميناء جدة الإسلامي', country: 'SA', createdAt: now() }))[0]);
  });
  afterAll(() => t.close());

  it('a dry run answers what the real run then does: created, updated, unchanged; nothing written before', async () => {
    const [a, b, c] = [validVin(), validVin(), validVin()];
    await w.clients.SHIPPER.post('/api/vehicles').send({ vin: c, make: 'Kia', model: 'Rio', year: 2020 }).expect(201);
    await w.clients.SHIPPER.post('/api/vehicles').send({ vin: b, make: 'Ford', model: 'Focus', year: 2019 }).expect(201);
    const file = csv(['VIN,Make,Model,Year,Status,Container,Port of origin,Color', `${a},Toyota,Camry,2021,Loaded,MSCU 1234565,Jeddah Islamic Port,White`, `${b},Ford,Focus,2019,AT_PORT,,,`, `${c},Kia,Rio,2020,,,,`], { bom: true });
    const dry = await send('SHIPPER', 'vehicles', file, 'cars.csv', '?dryRun=true');
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ rows: 3, created: 1, updated: 1, unchanged: 1, errors: [], applied: false });
    expect(await vehicleRow(a)).toBeUndefined();
    expect((await vehicleRow(b)).status).toBe('NEW_PURCHASE');

    const real = await send('SHIPPER', 'vehicles', file, 'cars.csv');
    expect(real.status).toBe(200);
    expect(real.body).toMatchObject({ rows: 3, created: 1, updated: 1, unchanged: 1, errors: [], applied: true });
    const created = await w.clients.SHIPPER.get(`/api/vehicles/${(await vehicleRow(a)).id}`).expect(200);
    expect(created.body).toMatchObject({ vin: a, make: 'Toyota', model: 'Camry', year: 2021, status: 'LOADED', containerId: containerA, fromPortId: jeddah, companyId: w.companyA.id, shipperId: w.shipper.id });
    expect(created.body.vehicleInfo).toEqual({ color: 'White' });
    // Updated by VIN, through the status change: its history records it.
    const updated = await w.clients.SHIPPER.get(`/api/vehicles/${(await vehicleRow(b)).id}`).expect(200);
    expect(updated.body.status).toBe('AT_PORT');
    expect(updated.body.statusHistory.map((e: { toStatus: string }) => e.toStatus)).toEqual(['NEW_PURCHASE', 'AT_PORT']);
  });

  it('reads Arabic headings and labels from a semicolon CSV without a BOM, and answers in Arabic', async () => {
    const vin = validVin();
    const file = csv(['رقم الهيكل;الشركة المصنعة;الطراز;السنة;الحالة;ميناء المغادرة;اللون', `${vin};نيسان;باترول;2022;تم الشحن;ميناء جدة الإسلامي;أبيض`]);
    const res = await send('COMPANY_ADMIN', 'vehicles', file, 'سيارات.csv', '', 'ar');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: 1, errors: [] });
    expect(await vehicleRow(vin)).toMatchObject({ make: 'نيسان', model: 'باترول', year: 2022, status: 'SHIPPED', fromPortId: jeddah });

    const bad = await send('COMPANY_ADMIN', 'vehicles', csv(['رقم الهيكل;الحالة', `${validVin()};مفقودة`]), 'x.csv', '?dryRun=true', 'ar');
    expect(bad.body.errors).toEqual([{ line: 2, column: 'الحالة', code: 'status.unknown', message: expect.stringContaining('حالة غير معروفة "مفقودة"') }]);
  });

  it('lists every kind of row error, in the line and column it is in, and imports nothing when any row has one', async () => {
    const foreign = validVin();
    await w.clients.SUPER_ADMIN.post('/api/vehicles').send({ vin: foreign, companyId: w.companyB.id }).expect(201);
    const good = validVin();
    const twice = validVin();
    const longNotes = 'x'.repeat(10_001);
    const lines = [
      'VIN,Make,Year,Status,Container,Port of destination,Buyer,Company,Notes',
      `${good},Honda,2020,,,,,,`, // 2: fine
      'SHORTVIN,Honda,2020,,,,,,', // 3: vin.invalid
      ',Honda,2020,,,,,,', // 4: required
      `${twice},Honda,2020,,,,,,`, // 5: fine
      `${twice},Honda,2020,,,,,,`, // 6: vin.duplicateInFile
      `${foreign},Honda,2020,,,,,,`, // 7: vin.taken (another company's)
      `${validVin()},Honda,2020,Lost,,,,,`, // 8: status.unknown
      `${validVin()},Honda,1850,,,,,,`, // 9: year.invalid
      `${validVin()},Honda,2020,,MAEU7654321,,,,`, // 10: container.notFound (another company's container)
      `${validVin()},Honda,2020,,,Atlantis,,,`, // 11: port.notFound
      `${validVin()},Honda,2020,,,,nobody@example.com,,`, // 12: buyer.notFound
      `${validVin()},Honda,2020,,,,,${w.companyB.code},`, // 13: company.notAllowed
      `${validVin()},Honda,2020,,,,,,${longNotes}`, // 14: text.invalid
    ];
    const before = await count('vehicles');
    const res = await send('SHIPPER', 'vehicles', csv(lines), 'cars.csv');
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'import.rowErrors', rows: 13, applied: false });
    expect(res.body.errors.map((e: { line: number; column: string; code: string }) => [e.line, e.column, e.code])).toEqual([
      [3, 'VIN', 'vin.invalid'],
      [4, 'VIN', 'required'],
      [6, 'VIN', 'vin.duplicateInFile'],
      [7, 'VIN', 'vin.taken'],
      [8, 'Status', 'status.unknown'],
      [9, 'Year', 'year.invalid'],
      [10, 'Container', 'container.notFound'],
      [11, 'Port of destination', 'port.notFound'],
      [12, 'Buyer', 'buyer.notFound'],
      [13, 'Company', 'company.notAllowed'],
      [14, 'Notes', 'text.invalid'],
    ]);
    expect(res.body.errors[2].message).toBe('This VIN is also on line 5');
    expect(await count('vehicles')).toBe(before);
    expect(await vehicleRow(good)).toBeUndefined();
  });

  it('warns of a wrong check digit and of a container over its capacity, and imports all the same', async () => {
    const vins = [wrongCheckDigit(validVin()), validVin(), validVin()];
    const res = await send('SHIPPER', 'vehicles', csv(['VIN,Container', ...vins.map((v) => `${v},MSCU1234565`)]), 'cars.csv');
    expect(res.status).toBe(200);
    expect(res.body.created).toBe(3);
    const codes = res.body.warnings.map((e: { line: number; code: string }) => `${e.line}:${e.code}`);
    expect(codes).toContain('2:vin.checkDigit');
    // A 20-foot container takes 4 cars: the first import put one in, these three more, and one more is too many.
    const more = await send('SHIPPER', 'vehicles', csv(['VIN,Container', `${validVin()},MSCU1234565`]), 'cars.csv');
    expect(more.body.warnings).toEqual([expect.objectContaining({ line: 2, column: 'Container', code: 'container.overCapacity' })]);
  });

  it('reads an .xlsx: formula cells as their saved values, never evaluated; an unsaved result is empty', async () => {
    const [a, b] = [validVin(), validVin()];
    const file = await xlsx([
      ['VIN', 'Make', 'Model', 'Year', 'Notes'],
      [a, { formula: 'UPPER("lexus")', result: 'LEXUS' }, 'RX', { formula: '2000+21', result: 2021 }, { formula: 'WEBSERVICE("http://example.com")', result: undefined } as ExcelJS.CellValue],
      [b, 'Mazda', { richText: [{ text: 'CX-' }, { text: '5' }] }, 2018, 'plain'],
    ]);
    const res = await send('SHIPPER', 'vehicles', file, 'cars.xlsx');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: 2, errors: [] });
    expect(await vehicleRow(a)).toMatchObject({ make: 'Lexus', model: 'RX', year: 2021, notes: null });
    expect(await vehicleRow(b)).toMatchObject({ make: 'Mazda', model: 'CX-5', year: 2018, notes: 'plain' });
  });

  it('answers the file as read, heading row and first five rows, for the wizard’s preview: .xlsx as .csv', async () => {
    const rows = [validVin(), validVin(), validVin(), validVin(), validVin(), validVin()].map((vin, i) => [vin, 'Toyota', `Preview ${i}`]);
    const fromXlsx = await send('SHIPPER', 'vehicles', await xlsx([['VIN', 'Make', 'Mileage'], ...rows]), 'cars.xlsx', '?dryRun=true');
    expect(fromXlsx.status).toBe(200);
    expect(fromXlsx.body.preview).toEqual({ headings: ['VIN', 'Make', 'Mileage'], rows: rows.slice(0, 5) });
    const fromCsv = await send('SHIPPER', 'vehicles', csv(['VIN;Make;Mileage', ...rows.map((row) => row.join(';'))]), 'cars.csv', '?dryRun=true');
    expect(fromCsv.body.preview).toEqual(fromXlsx.body.preview);
    // A refused real run carries it too (the wizard shows its errors as the dry run's).
    const refused = await send('SHIPPER', 'vehicles', csv(['VIN,Status', `${validVin()},Lost`]), 'cars.csv');
    expect(refused.status).toBe(422);
    expect(refused.body.preview.rows).toHaveLength(1);
  });

  it('a file of several hundred rows: an error in its middle is told at its line and nothing is kept; fixed, every row is in with its history, container and counts', async () => {
    const vins = Array.from({ length: 260 }, () => validVin());
    const existing = vins[10];
    await w.clients.SHIPPER.post('/api/vehicles').send({ vin: existing, make: 'Kia', model: 'Rio', year: 2020 }).expect(201);
    const line = (vin: string, i: number, status = i % 2 ? 'Shipped' : '') => `${vin},Make ${i},${status},${i % 50 === 0 ? 'MSCU1234565' : ''}`;
    const bad = ['VIN,Make,Status,Container', ...vins.map((vin, i) => line(vin, i, i === 150 ? 'Lost' : undefined))];
    const countsBefore = await t.db('company_row_counts').where({ tableName: 'vehicles', companyId: w.companyA.id }).sum({ n: 'total' });
    const refused = await send('SHIPPER', 'vehicles', csv(bad), 'fleet.csv');
    expect(refused.status).toBe(422);
    expect(refused.body.errors.map((e: { line: number; code: string }) => [e.line, e.code])).toEqual([[152, 'status.unknown']]);
    expect(await vehicleRow(vins[0])).toBeUndefined();
    expect(await vehicleRow(vins[259])).toBeUndefined();

    const res = await send('SHIPPER', 'vehicles', csv(['VIN,Make,Status,Container', ...vins.map((vin, i) => line(vin, i))]), 'fleet.csv');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ rows: 260, created: 259, updated: 1, errors: [], applied: true });
    expect(await vehicleRow(existing)).toMatchObject({ make: 'Make 10', status: 'NEW_PURCHASE' });
    const shipped = await vehicleRow(vins[201]);
    expect(shipped).toMatchObject({ make: 'Make 201', status: 'SHIPPED', companyId: w.companyA.id, shipperId: w.shipper.id });
    const history = await w.clients.SHIPPER.get(`/api/vehicles/${shipped.id}`).expect(200);
    expect(history.body.statusHistory.map((e: { toStatus: string }) => e.toStatus)).toEqual(['SHIPPED']);
    expect((await vehicleRow(vins[200])).containerId).toBe(containerA);
    // Found by the search index, and counted in the company's kept figures.
    const found = await w.clients.SHIPPER.get(`/api/vehicles?filter=${encodeURIComponent(JSON.stringify({ q: vins[259].slice(-8) }))}`).expect(200);
    expect(found.body.map((v: { vin: string }) => v.vin)).toEqual([vins[259]]);
    const countsAfter = await t.db('company_row_counts').where({ tableName: 'vehicles', companyId: w.companyA.id }).sum({ n: 'total' });
    expect(Number(countsAfter[0].n) - Number(countsBefore[0].n)).toBe(259);
    // The ids follow the file's order.
    expect((await vehicleRow(vins[259])).id).toBeGreaterThan((await vehicleRow(vins[0])).id);
  });

  it('a super administrator names the company by column or ?companyId=, and must name one', async () => {
    const [a, b, c] = [validVin(), validVin(), validVin()];
    const res = await send('SUPER_ADMIN', 'vehicles', csv(['VIN,Company', `${a},${w.companyB.code}`, `${b},`]), 'cars.csv', `?companyId=${w.companyA.id}`);
    expect(res.status).toBe(200);
    expect((await vehicleRow(a)).companyId).toBe(w.companyB.id);
    expect((await vehicleRow(b)).companyId).toBe(w.companyA.id);
    const none = await send('SUPER_ADMIN', 'vehicles', csv(['VIN', c]), 'cars.csv');
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual([expect.objectContaining({ line: 2, column: 'Company', code: 'company.required' })]);
    const other = await send('SHIPPER', 'vehicles', csv(['VIN', c]), 'cars.csv', `?companyId=${w.companyB.id}`);
    expect(other.status).toBe(403);
  });

  it('refuses a file without a VIN column, another type, more than 20,000 rows, or past UPLOAD_MAX_MB', async () => {
    const noVin = await send('SHIPPER', 'vehicles', csv(['Make', 'Honda']), 'cars.csv');
    expect(noVin.status).toBe(400);
    expect(noVin.body.code).toBe('import.missingColumn');
    expect((await send('SHIPPER', 'vehicles', Buffer.from('%PDF-1.4'), 'cars.pdf')).status).toBe(415);
    const before = await count('vehicles');
    const many = Array.from({ length: 20_001 }, (_, i) => `1HGCM8263A${String(i).padStart(7, '0')}`);
    const tooMany = await send('SHIPPER', 'vehicles', csv(['VIN', ...many]), 'cars.csv', '?dryRun=true');
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.code).toBe('import.tooManyRows');
    const big = await send('SHIPPER', 'vehicles', Buffer.concat([csv(['VIN,Notes']), Buffer.alloc(1.1 * 1024 * 1024, 'a')]), 'cars.csv');
    expect(big.status).toBe(413);
    expect(await count('vehicles')).toBe(before);
    expect((await send('BUYER', 'vehicles', csv(['VIN', validVin()]), 'cars.csv')).status).toBe(403);
  });

  it('imports containers by number: Arabic headings, ports by name, dates from Excel, updates, errors', async () => {
    const file = await xlsx([
      ['رقم الحاوية', 'الحجم', 'تاريخ التحميل', 'ميناء الوصول', 'خط الشحن'],
      ['TGHU 0000010', '40HC', new Date(Date.UTC(2026, 10, 21)), 'Jeddah Islamic Port', 'MSC'],
      ['MSCU1234565', '40HC', '2026-12-01', 'ميناء جدة الإسلامي', 'MSC'],
      ['MAEU7654321', '20FT', '', '', ''],
      ['TGHU0000011', '20FT', 'next week', '', ''],
    ]);
    const dry = await send('SHIPPER', 'containers', file, 'boxes.xlsx', '?dryRun=true', 'ar');
    expect(dry.body.errors.map((e: { line: number; code: string; column: string }) => [e.line, e.column, e.code])).toEqual([
      [4, 'رقم الحاوية', 'number.taken'],
      [5, 'تاريخ التحميل', 'date.invalid'],
    ]);
    const fixed = await xlsx([
      ['Container number', 'Size', 'Loading date', 'Port of destination', 'Shipping line'],
      ['TGHU 0000010', '40HC', new Date(Date.UTC(2026, 10, 21)), 'Jeddah Islamic Port', 'MSC'],
      ['MSCU1234565', '40HC', '2026-12-01', 'ميناء جدة الإسلامي', 'MSC'],
    ]);
    const res = await send('SHIPPER', 'containers', fixed, 'boxes.xlsx');
    expect(res.body).toMatchObject({ rows: 2, created: 1, updated: 1, errors: [], applied: true });
    expect(res.body.warnings).toContainEqual(expect.objectContaining({ line: 2, code: 'number.checkDigit' }));
    expect(await t.db('containers').where({ number: 'TGHU0000010' }).first()).toMatchObject({ companyId: w.companyA.id, shipperId: w.shipper.id, containerSize: '40HC', loadingDate: '2026-11-21', toPortId: jeddah });
    expect(await t.db('containers').where({ id: containerA }).first()).toMatchObject({ containerSize: '40HC', loadingDate: '2026-12-01', shippingLine: 'MSC' });
  });
});
