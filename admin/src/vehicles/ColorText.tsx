import { useTranslate } from 'react-admin';
import { Isolated } from '../common/Bidi';
import { colorLabel, knownColor } from '../ai/colors';

/**
 * A vehicle's colour as lists and cards show it: a known colour in the page's language (the same
 * names as the buyer's page, the invoice and the sheets), any other as it was typed, isolated.
 */
export const ColorText = ({ value }: { value: unknown }) => {
  const translate = useTranslate();
  if (typeof value !== 'string' || !value.trim()) return <>—</>;
  if (knownColor(value)) return <span data-testid="color">{colorLabel(value, translate)}</span>;
  return (
    <span data-testid="color">
      <Isolated>{value}</Isolated>
    </span>
  );
};
