import { describe, expect, it } from 'vitest';
import { queryClient } from './queryClient';

describe('query client defaults (SPEC.md §7)', () => {
  it('never goes stale, never refetches on focus, never polls and never retries', () => {
    const { queries, mutations } = queryClient.getDefaultOptions();
    expect(queries?.staleTime).toBe(Infinity);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.refetchInterval ?? false).toBe(false);
    expect(queries?.retry).toBe(false);
    expect(mutations?.retry).toBe(false);
  });

  it('keeps a fetched answer fresh however long ago it came', () => {
    const key = ['queryClient.test'];
    queryClient.setQueryData(key, 1, { updatedAt: 0 });
    const query = queryClient.getQueryCache().build(queryClient, { queryKey: key });
    expect(query.isStaleByTime(queryClient.getDefaultOptions().queries?.staleTime as number)).toBe(false);
    queryClient.removeQueries({ queryKey: key });
  });
});
