import { describe, expect, it } from 'vitest';
import { fileUrl } from './api';

describe('file addresses', () => {
  it('asks for small JPEGs shown inline, and originals as attachments', () => {
    expect(fileUrl('vehicles', 7, 3, 'thumbnail')).toBe('/api/vehicles/7/files/3/download?variant=thumbnail&inline=1');
    expect(fileUrl('containers', 2, 9, 'compressed')).toBe('/api/containers/2/files/9/download?variant=compressed&inline=1');
    expect(fileUrl('vehicles', 7, 3)).toBe('/api/vehicles/7/files/3/download');
  });
});
