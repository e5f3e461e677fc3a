import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignVehicles, unassignVehicles } from '../src/resources/containers/operations';
import { User } from '../src/resources/users/model';
import { writeTransaction } from '../src/resources/writeTransaction';
import { ENGINES } from './support/engines';
import { startTestApp, type TestApp } from './support/testApp';
import { validVin } from './support/vins';

/**
 * Assigning vehicles to a container is one operation: the container page's Add and Remove reach it
 * through a vehicle's update (`PATCH /api/vehicles/{id}` with a containerId), a container
 * milestone or an import will call it directly.
 */
describe.each(ENGINES)('assigning vehicles to a container on %s', (engine) => {
  let t: TestApp;
  let shipper: User;
  let containerId: number;
  let ours: number[];
  let theirs: number;
  let superAdmin: User;
  let superAgent: Awaited<ReturnType<TestApp['signedIn']>>;
  let shipperAgent: Awaited<ReturnType<TestApp['signedIn']>>;
  let theirContainerId: number;

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
    theirContainerId = (await otherAdmin.post('/api/containers').send({ number: 'MAEU7654321' })).body.id;
    superAdmin = (await User.query(t.db).findById((await t.user({ role: 'SUPER_ADMIN' })).id))!;
    superAgent = await t.signedIn(superAdmin.username);
    shipperAgent = agent;
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

  it('marks the vehicles it puts in or takes out as changed (updatedAt), and no other', async () => {
    const stamps = async () => new Map(((await t.db('vehicles').whereIn('id', ours).select('id', 'updatedAt')) as { id: number; updatedAt: string | null }[]).map((r) => [Number(r.id), r.updatedAt]));
    await t.db('vehicles').whereIn('id', ours).update({ updatedAt: null });
    const before = new Date().toISOString();
    await writeTransaction(t.db, (trx) => assignVehicles(shipper, { containerId, vehicleIds: ours.slice(0, 2) }, trx));
    let now = await stamps();
    expect(now.get(ours[0])! >= before && now.get(ours[1])! >= before).toBe(true);
    expect(now.get(ours[2])).toBeNull();

    await t.db('vehicles').whereIn('id', ours).update({ updatedAt: null });
    await writeTransaction(t.db, (trx) => unassignVehicles(shipper, { containerId, vehicleIds: [ours[1]] }, trx));
    now = await stamps();
    expect(now.get(ours[1])! >= before).toBe(true);
    expect([now.get(ours[0]), now.get(ours[2])]).toEqual([null, null]);
    await writeTransaction(t.db, (trx) => unassignVehicles(shipper, { containerId }, trx));
  });

  it('marks its vehicles as changed (updatedAt) when a new loading date gives their papers a due date', async () => {
    await writeTransaction(t.db, (trx) => assignVehicles(shipper, { containerId, vehicleIds: [ours[0]] }, trx));
    await t.db('vehicles').whereIn('id', ours).update({ updatedAt: null });
    const before = new Date().toISOString();
    expect((await shipperAgent.patch(`/api/containers/${containerId}`).send({ loadingDate: '2027-03-01' })).status).toBe(200);
    const rows = (await t.db('vehicles').whereIn('id', ours).orderBy('id').select('id', 'documentsDueAt', 'updatedAt')) as { id: number; documentsDueAt: string | null; updatedAt: string | null }[];
    expect(rows[0].documentsDueAt).not.toBeNull();
    expect(rows[0].updatedAt! >= before).toBe(true);
    expect(rows.slice(1).map((r) => r.updatedAt)).toEqual([null, null]);
    await shipperAgent.patch(`/api/containers/${containerId}`).send({ loadingDate: null });
    await writeTransaction(t.db, (trx) => unassignVehicles(shipper, { containerId }, trx));
  });

  /** What the operation answers for one vehicle, written in a transaction that is then undone. */
  const operationAnswer = async (actor: User, vehicleId: number, target: number) => {
    const undo = new Error('undo');
    const answer = await t.db
      .transaction(async (trx) => {
        await assignVehicles(actor, { containerId: target, vehicleIds: [vehicleId] }, trx);
        throw undo;
      })
      .catch((err: unknown) => err);
    if (answer === undo) return { status: 200 };
    const { message, errors } = answer as { message: string; errors?: Record<string, string> };
    return { status: 400, message, errors };
  };
  const patchAnswer = async (agent: typeof superAgent, vehicleId: number, target: number) => {
    const res = await agent.patch(`/api/vehicles/${vehicleId}`).send({ containerId: target });
    return res.status === 200 ? { status: 200 } : { status: res.status, message: res.body.message, errors: res.body.errors };
  };
  const containerOf = async (id: number) => Number((await t.db('vehicles').where({ id }).first('containerId')).containerId) || null;

  it('a vehicle’s update into a container answers exactly what assignVehicles answers, and changes nothing when refused', async () => {
    const mine = ours[0];
    const cases = [
      // A shipper naming another company's container (which it cannot see).
      { actor: shipper, agent: shipperAgent, vehicle: mine, target: theirContainerId },
      // A super admin, who sees both, putting a company's vehicle in another company's container.
      { actor: superAdmin, agent: superAgent, vehicle: mine, target: theirContainerId },
      { actor: superAdmin, agent: superAgent, vehicle: theirs, target: containerId },
    ];
    for (const { actor, agent, vehicle, target } of cases) {
      const expected = await operationAnswer(actor, vehicle, target);
      expect(expected.status).toBe(400);
      const before = await containerOf(vehicle);
      expect(await patchAnswer(agent, vehicle, target), `${actor.role} ${vehicle} -> ${target}`).toEqual(expected);
      expect(await containerOf(vehicle)).toBe(before);
    }
    // Both refusals name the container, the field the vehicle's form sent.
    expect((await patchAnswer(superAgent, mine, theirContainerId)).message).toBe('A vehicle was not found in the container\u2019s company');
    expect((await patchAnswer(shipperAgent, mine, theirContainerId)).errors).toHaveProperty('containerId');

    expect(await operationAnswer(shipper, mine, containerId)).toEqual({ status: 200 });
    expect(await patchAnswer(shipperAgent, mine, containerId)).toEqual({ status: 200 });
    expect(await containerOf(mine)).toBe(containerId);
    // Out again through the vehicle's update: unassignVehicles for that one vehicle.
    expect((await shipperAgent.patch(`/api/vehicles/${mine}`).send({ containerId: null })).status).toBe(200);
    expect(await containerOf(mine)).toBeNull();
  });
});
