import { useQuery } from '@tanstack/react-query';
import { useDataProvider, type Identifier } from 'react-admin';

/**
 * The full record of a detail page (GET /api/{resource}/{id}), always asked anew. Not react-admin's
 * useGetOne: lists put their rows in its cache, and a row lacks what only the detail carries
 * (a vehicle's history and buyer, a container's vehicles).
 */
export function useDetail<T = Record<string, any>>(resource: string, id: Identifier) {
  const dataProvider = useDataProvider();
  return useQuery({
    queryKey: [resource, 'detail', String(id)],
    queryFn: async () => (await dataProvider.getOne(resource, { id })).data as T,
    staleTime: 0,
    gcTime: 0,
  });
}
