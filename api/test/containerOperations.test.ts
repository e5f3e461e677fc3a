import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignVehicles, unassignVehicles } from '../src/resources/containers/operations';
import { User } from '../src/resources/users/model';
import { writeTransaction } from '../src/resources/writeTransaction';
import { ENGINES } from './support/engines';
import { startTestApp, type TestApp } from './support/testApp';
import { validVin } from './support/vins';

/**
 * Assigning vehicles to a container has no route of its own yet (a vehicle's containerId is set
 * through its update): the operation is what a container milestone or an import will call.
 */
describe.each(ENGINES)('assigning vehicles to a container on %s', (engine) => {
  let t: TestApp;
  let shipper: User;
  let containerId: number;
  let ours: number[];
  let theirs: number;

  beforeAll(async () => {
    t = await startTestApp(engine);
    const company = await t.company();
    const other = await t.company();
    shipper = (await User.query(t.db).findById((await t.user({ role: 'SHIPPER', companyId: company.id })).id))!;
    const agent = await t.signedIn(shipper.username);
    containerId = (await agent.post('/api/containers').send({ number: 'MSCU1234565' })).body.id;
    ours = [];
    for (let i = 0; i < 3; i++) ours.push((await agent.post('/api/vehicles').send({ vin: validVin() })).body.id);
    const otherAdmin = await t.signedIn((await t.user({ role: 'COMPANY_ADMIN', companyId: other.id })).username);
    theirs = (await otherAdmin.post('/api/vehicles').send({ vin: validVin() })).body.id;
  });
  afterAll(() => t.close());

  const inContainer = async () => ((await t.db('vehicles').where({ containerId }).orderBy('id').pluck('id')) as number[]).map(Number);

  it('puts the company’s vehicles in, refuses another company’s without changing anything, and takes them out', async () => {
    expect(await writeTransaction(t.db, (trx) => assignVehicles(shipper, { containerId, vehicleIds: ours }, trx))).toBe(3);
    expect(await inContainer()).toEqual(ours);

    await expect(writeTransaction(t.db, (trx) => assignVehicles(shipper, { containerId, vehicleIds: [theirs] }, trx))).rejects.toMatchObject({ kind: 'invalid' });
    expect(await t.db('vehicles').where({ id: theirs }).first('containerId')).toEqual({ containerId: null });

    expect(await writeTransaction(t.db, (trx) => unassignVehicles(shipper, { containerId, vehicleIds: [ours[0]] }, trx))).toBe(1);
    expect(await inContainer()).toEqual(ours.slice(1));
    expect(await writeTransaction(t.db, (trx) => unassignVehicles(shipper, { containerId }, trx))).toBe(2);
    expect(await inContainer()).toEqual([]);
  });
});
