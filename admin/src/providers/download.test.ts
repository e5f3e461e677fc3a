import { describe, expect, it } from 'vitest';
import { dispositionFileName } from './download';

describe('downloads', () => {
  it('reads the file name of Content-Disposition, the RFC 6266 form first', () => {
    expect(dispositionFileName(`attachment; filename="a.pdf"; filename*=UTF-8''%D8%B9%D9%82%D8%AF.pdf`)).toBe('عقد.pdf');
    expect(dispositionFileName('attachment; filename="report.pdf"')).toBe('report.pdf');
    expect(dispositionFileName(null)).toBeUndefined();
  });
});
