import { afterEach, describe, expect, it, vi } from 'vitest';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import en from '../i18n/en';
import ar from '../i18n/ar';
import { dataProvider } from './dataProvider';
import { cappedRangeLabel } from './cappedTotal';

/** A list answer as the API sends it: the rows, Content-Range and, past a search's bound, X-Total-Capped. */
const listAnswer = (headers: Record<string, string>) =>
  new Response(JSON.stringify([{ id: 1, vin: 'V1' }]), { status: 200, headers: { 'Content-Type': 'application/json', ...headers } });

afterEach(() => vi.unstubAllGlobals());

const getList = () => dataProvider.getList('vehicles', { pagination: { page: 1, perPage: 25 }, sort: { field: 'createdAt', order: 'DESC' }, filter: { q: 'toyota' } });

/** The app's messages through polyglot, as react-admin's i18n provider interpolates them. */
const translator = (messages: object, locale: string) => polyglotI18nProvider(() => messages as never, locale).translate;

describe('a search total capped at its bound', () => {
  it('passes the capped total on as meta.totalCapped, and a counted one as it is', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => listAnswer({ 'Content-Range': 'vehicles 0-24/10000', 'X-Total-Capped': 'true' })));
    const capped = await getList();
    expect(capped.total).toBe(10000);
    expect(capped.meta).toEqual({ totalCapped: true });
    expect(capped.data).toEqual([{ id: 1, vin: 'V1' }]);

    vi.stubGlobal('fetch', vi.fn(async () => listAnswer({ 'Content-Range': 'vehicles 0-24/319' })));
    const counted = await getList();
    expect(counted.total).toBe(319);
    expect(counted.meta).toBeUndefined();
  });

  it('shows the bound as "10,000+" in English and as more than it in Arabic, and leaves a counted total to react-admin', () => {
    const range = { from: 26, to: 50, count: 10000 };
    expect(cappedRangeLabel(translator(en, 'en'), true)!(range)).toBe('26-50 of 10,000+');
    expect(cappedRangeLabel(translator(ar, 'ar'), true)!(range)).toBe('26-50 من أكثر من 10,000');
    expect(cappedRangeLabel(translator(en, 'en'), false)).toBeUndefined();
  });
});
