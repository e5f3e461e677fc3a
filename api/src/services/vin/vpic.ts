/**
 * The NHTSA vPIC web API (https://vpic.nhtsa.dot.gov/api): DecodeVinValues and GetAllMakes.
 * Every call has a timeout; a failure throws, and the decoder falls back to bundled data.
 */
export type VpicDecoded = Record<string, string | null | undefined>;
export type VpicMake = { Make_ID: number; Make_Name: string };

export type VpicClient = {
  decodeVin(vin: string): Promise<VpicDecoded>;
  getAllMakes(): Promise<VpicMake[]>;
};

export function createVpicClient(baseUrl: string, timeoutMs: number): VpicClient {
  const get = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${baseUrl}${path}`, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
    if (!res.ok) throw new Error(`vPIC answered ${res.status}`);
    return (await res.json()) as T;
  };
  return {
    async decodeVin(vin) {
      const body = await get<{ Results?: VpicDecoded[] }>(`/vehicles/DecodeVinValues/${encodeURIComponent(vin)}?format=json`);
      const result = body.Results?.[0];
      if (!result) throw new Error('vPIC sent no result');
      return result;
    },
    async getAllMakes() {
      const body = await get<{ Results?: VpicMake[] }>('/vehicles/GetAllMakes?format=json');
      if (!Array.isArray(body.Results)) throw new Error('vPIC sent no makes');
      return body.Results;
    },
  };
}
