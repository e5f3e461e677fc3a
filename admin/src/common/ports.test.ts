import { describe, expect, it } from 'vitest';
import { containerPorts, portLabel } from './ports';

describe('portLabel', () => {
  it("reads 'name - country'", () => {
    expect(portLabel({ name: 'Jebel Ali', nameAr: 'جبل علي', country: 'United Arab Emirates' })).toBe('Jebel Ali - United Arab Emirates');
  });

  it("reads '-' without a port or a name", () => {
    expect(portLabel(null)).toBe('-');
    expect(portLabel(undefined, 'ar')).toBe('-');
    expect(portLabel({ name: '  ', country: 'Oman' })).toBe('-');
  });

  it('uses the Arabic name on Arabic pages when there is one', () => {
    expect(portLabel({ name: 'Dammam', nameAr: 'الدمام', country: 'Saudi Arabia' }, 'ar')).toBe('الدمام - Saudi Arabia');
    expect(portLabel({ name: 'Dammam', nameAr: '', country: 'Saudi Arabia' }, 'ar')).toBe('Dammam - Saudi Arabia');
  });

  it("names a country code in the page's language, and shows typed text as it is", () => {
    expect(portLabel({ name: 'Jeddah', nameAr: 'جدة', country: 'SA' })).toBe('Jeddah - Saudi Arabia');
    expect(portLabel({ name: 'Jeddah', nameAr: 'جدة', country: 'SA' }, 'ar')).toBe('جدة - المملكة العربية السعودية');
    expect(portLabel({ name: 'Jebel Ali', country: 'AE' }, 'ar')).toBe('Jebel Ali - الإمارات العربية المتحدة');
    expect(portLabel({ name: 'Savannah', country: 'Georgia, USA' }, 'ar')).toBe('Savannah - Georgia, USA');
  });

  it('leaves out a missing country', () => {
    expect(portLabel({ name: 'Aqaba', country: null })).toBe('Aqaba');
  });
});

describe('containerPorts', () => {
  it('reads the from and to columns of a container row', () => {
    const row = { fromPortName: 'Baltimore', fromPortNameAr: 'بالتيمور', fromPortCountry: 'United States', toPortName: null };
    const { from, to } = containerPorts(row);
    expect(portLabel(from)).toBe('Baltimore - United States');
    expect(portLabel(to)).toBe('-');
  });
});
