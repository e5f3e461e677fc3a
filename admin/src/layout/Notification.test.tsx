import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { Toast } from '../common/Toast';
import { logFailure, toastContent } from './Notification';
import en from '../i18n/en';
import ar from '../i18n/ar';

const translator = (messages: Record<string, unknown>) => (key: string, options?: Record<string, unknown>) => {
  const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
  return typeof found === 'string' ? found : String(options?._ ?? key);
};

describe('toasts (SPEC.md §8)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('titles an error toast given as text with msg.error, in both languages', () => {
    const html = renderToStaticMarkup(<>{toastContent({ message: 'msg.vehicleCreateFailed', type: 'error' }, translator(en))}</>);
    expect(html).toContain('>Error<');
    expect(html).toContain('Failed to create vehicle');
    const arabic = renderToStaticMarkup(<>{toastContent({ message: 'Server said no', type: 'error' }, translator(ar))}</>);
    expect(arabic).toContain(`>${ar.msg.error}<`);
    expect(arabic).toContain('Server said no');
  });

  it('keeps the title an error toast states, and gives no title to success toasts', () => {
    const own = <Toast title="Login failed" description="Bad password" />;
    expect(toastContent({ message: own, type: 'error' }, translator(en))).toBe(own);
    expect(toastContent({ message: 'msg.vehicleAdded', type: 'success' }, translator(en))).toBe('Vehicle added successfully');
  });

  it('logs every failure, and nothing else', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    logFailure({ message: 'msg.vehicleDeleteFailed', type: 'error' }, translator(en));
    logFailure({ message: <Toast title="Login failed" description="Bad password" />, type: 'error' }, translator(en));
    logFailure({ message: 'msg.vehicleDeleted', type: 'success' }, translator(en));
    expect(log.mock.calls).toEqual([['Failed to delete vehicle'], ['Login failed: Bad password']]);
  });
});
