import Database from 'better-sqlite3';
import fs from 'node:fs';
const sq = new Database('/tmp/explain.sqlite', { readonly: true });
const companyId = sq.prepare('select companyId from vehicles limit 1').pluck().get();
const ids = sq.prepare('select vehicles.id from vehicles where vehicles.companyId = ? order by vehicles.vin asc, vehicles.id asc limit 25').all(companyId).map((r: any) => r.id);
console.log('files', sq.prepare('select count(*) c from vehicle_files').get(), 'avg vehicleInfo', sq.prepare('select avg(length(vehicleInfo)) a from vehicles').get());
const COLUMNS = fs.readFileSync('api/src/resources/vehicles/listRows.ts', 'utf8').match(/const COLUMNS = `([\s\S]*?)`;/)![1];
const variants: Record<string, string> = {
  full: COLUMNS,
  noSub: COLUMNS.replace(/,\n \(select count[\s\S]*?thumbnailFileId/, ''),
  noInfo: COLUMNS.replace('v.vehicleInfo, ', ''),
  noJoins: 'v.id, v.vin, v.make from vehicles v',
};
for (const [name, cols] of Object.entries(variants)) {
  const stmt = sq.prepare(`select ${cols}\nwhere v.id in (${ids.map(() => '?').join(', ')}) and +v.companyId = ?`);
  const args = [...ids, companyId];
  for (let i = 0; i < 2000; i++) stmt.all(...args);
  const t = performance.now();
  for (let i = 0; i < 5000; i++) stmt.all(...args);
  console.log(name, ((performance.now() - t) / 5000 * 1000).toFixed(1), 'µs');
}
{
  const stmt = sq.prepare(`select ${COLUMNS}\nwhere v.id in (${ids.map(() => '?').join(', ')}) and +v.companyId = ?`).raw(true);
  const args = [...ids, companyId];
  for (let i = 0; i < 2000; i++) stmt.all(...args);
  const t = performance.now();
  for (let i = 0; i < 5000; i++) stmt.all(...args);
  console.log('full raw', ((performance.now() - t) / 5000 * 1000).toFixed(1), 'µs');
  const s2 = sq.prepare(`select v.id, v.vin, v.make, v.model, v.year, v.status, v.containerId, v.fromPortId, v.toPortId,
 v.shipperId, v.buyerId, v.companyId, v.vehicleInfo, v.createdAt, v.updatedAt, v.documentsDueAt from vehicles v where v.id in (${ids.map(() => '?').join(', ')}) and +v.companyId = ?`);
  for (let i = 0; i < 2000; i++) s2.all(...args);
  const t2 = performance.now();
  for (let i = 0; i < 5000; i++) s2.all(...args);
  console.log('vehicle cols only', ((performance.now() - t2) / 5000 * 1000).toFixed(1), 'µs');
}
