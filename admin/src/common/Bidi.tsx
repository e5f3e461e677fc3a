import type { ReactNode } from 'react';

/**
 * A value somebody typed (a name, an address, a company, a port), shown in its own direction
 * inside text of either direction. `<bdi>` isolates it: the Unicode bidi algorithm lays the value
 * out on its own, so neither the value nor the text around it is reordered by the other (an Arabic
 * name followed by "- Saudi Arabia" no longer swaps places when the line wraps). `dir="auto"`
 * takes the value's direction from its first strong letter; codes, e-mails and numbers pass "ltr".
 */
export const Isolated = ({ children, dir = 'auto', testId }: { children: ReactNode; dir?: 'auto' | 'ltr' | 'rtl'; testId?: string }) => (
  <bdi dir={dir} data-testid={testId}>
    {children}
  </bdi>
);

/** First-strong isolate … pop directional isolate: the `<bdi>` of places that take only a string. */
const FSI = '\u2068';
const PDI = '\u2069';

/**
 * A value isolated inside a plain string, for the places that cannot hold elements: an input's
 * text, a `title`, a select's chosen value. Empty values stay empty.
 */
export const isolateText = (value: string | null | undefined): string => (value ? `${FSI}${value}${PDI}` : '');
