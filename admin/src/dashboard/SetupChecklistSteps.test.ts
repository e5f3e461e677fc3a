import { describe, expect, it } from 'vitest';
import { setupIsPending, setupSteps } from './SetupChecklistSteps';

const empty = { vehicles: 0, containers: 0, ports: 0, companies: 0, users: 1 };

describe('the first-run checklist', () => {
  it('asks the super admin of an empty install for a company, ports and users, each with its page', () => {
    expect(setupSteps('SUPER_ADMIN', empty)).toEqual([
      { key: 'company', done: false, to: '/companies' },
      { key: 'ports', done: false, to: '/ports' },
      { key: 'users', done: false, to: '/users' },
    ]);
  });

  it('ticks each step as it is done, and is over once all are', () => {
    const partly = setupSteps('SUPER_ADMIN', { ...empty, companies: 1, ports: 2 });
    expect(partly.map((s) => s.done)).toEqual([true, true, false]);
    expect(setupIsPending(partly)).toBe(true);
    expect(setupIsPending(setupSteps('SUPER_ADMIN', { ...empty, companies: 1, ports: 2, users: 2 }))).toBe(false);
  });

  it('gives a company admin the steps it may do (no ports, no users), and shippers and buyers none', () => {
    expect(setupSteps('COMPANY_ADMIN', { ...empty, users: 3, companies: 1 }).map((s) => s.key)).toEqual(['containers', 'vehicles']);
    expect(setupSteps('SHIPPER', empty)).toEqual([]);
    expect(setupSteps('BUYER', empty)).toEqual([]);
    expect(setupSteps('SUPER_ADMIN', undefined)).toEqual([]);
  });
});
