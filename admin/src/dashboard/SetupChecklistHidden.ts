import { useCallback, useState } from 'react';

/**
 * Whether the user hid the setup checklist, kept in the browser's localStorage per user: the
 * console's react-admin store lives in memory (providers/store.ts), and "hidden" must survive a
 * reload and a new sign-in. Without storage (private modes may refuse it) it lasts for the page.
 */
const key = (userId: number | undefined) => `vehicle-export.setupChecklistHidden.${userId ?? 'none'}`;

const read = (userId: number | undefined) => {
  try {
    return globalThis.localStorage?.getItem(key(userId)) === 'true';
  } catch {
    return false;
  }
};

export function useSetupChecklistHidden(userId: number | undefined): [boolean, () => void] {
  const [hiddenFor, setHiddenFor] = useState<Record<string, boolean>>({});
  const hidden = hiddenFor[key(userId)] ?? read(userId);
  const hide = useCallback(() => {
    try {
      globalThis.localStorage?.setItem(key(userId), 'true');
    } catch {
      // Not kept: hidden until the page reloads.
    }
    setHiddenFor((previous) => ({ ...previous, [key(userId)]: true }));
  }, [userId]);
  return [hidden, hide];
}
