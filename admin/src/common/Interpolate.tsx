import { Fragment, useCallback, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/**
 * A name, e-mail or code inside a sentence. As an inline block it keeps its own direction (and
 * its own line breaks) inside text of the other direction: "user-7@example.com" never comes out
 * as "-user\n7@example.com" in an Arabic title.
 */
export const Name = ({ children }: { children: ReactNode }) => (
  <bdi dir="auto" style={{ display: 'inline-block', overflowWrap: 'anywhere' }}>
    {children}
  </bdi>
);

/**
 * An e-mail address as a Name that wraps only where a reader expects it: after the '@' and before
 * each dot (also after '-' and '_'), never inside a word unless one word is wider than the line.
 * "frederick.alexander@gulf-star.example.com" on a phone: "frederick.alexander@" / "gulf-star.example.com".
 */
export const EmailName = ({ children }: { children: string | undefined }) => (
  <bdi dir="ltr" style={{ display: 'inline-block', maxWidth: '100%', overflowWrap: 'break-word' }}>
    {(children ?? '').split(/(?<=[@_-])|(?=\.)/).map((part, index) => (
      <Fragment key={index}>
        {index > 0 && <wbr />}
        {part}
      </Fragment>
    ))}
  </bdi>
);

/** translate() for messages whose placeholders are elements, e.g. 'Delete user %{username}?'. */
export function useTranslateWith() {
  const translate = useTranslate();
  return useCallback(
    (key: string, nodes: Record<string, ReactNode>): ReactNode => {
      const markers = Object.fromEntries(Object.keys(nodes).map((name) => [name, `\u0001${name}\u0001`]));
      return translate(key, markers)
        // eslint-disable-next-line no-control-regex -- U+0001 marks the placeholders set just above
        .split(/\u0001(\w+)\u0001/)
        .map((part, index) => <Fragment key={index}>{index % 2 ? nodes[part] : part}</Fragment>);
    },
    [translate],
  );
}
