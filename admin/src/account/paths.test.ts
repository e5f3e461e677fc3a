import { describe, expect, it } from 'vitest';
import { CHANGE_PASSWORD_PATH } from '../providers/paths';
import { returnPath } from './paths';

describe('returnPath', () => {
  it('goes back to the page the user came from, with its query', () => {
    expect(returnPath({ from: '/vehicles?filter=%7B%7D' })).toBe('/vehicles?filter=%7B%7D');
    expect(returnPath({ from: '/containers/12' })).toBe('/containers/12');
  });

  it('goes to the dashboard without a page, from this screen itself, or for an address outside the console', () => {
    expect(returnPath(null)).toBe('/');
    expect(returnPath({})).toBe('/');
    expect(returnPath({ from: CHANGE_PASSWORD_PATH })).toBe('/');
    expect(returnPath({ from: 'https://example.com/' })).toBe('/');
    expect(returnPath({ from: '//example.com/' })).toBe('/');
    expect(returnPath({ from: 42 })).toBe('/');
  });
});
