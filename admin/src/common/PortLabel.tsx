import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { useLocale, useRecordContext, type RaRecord } from 'react-admin';
import { Isolated, isolateText } from './Bidi';
import { portLabel, portParts, type PortLike } from './ports';

/**
 * A port as 'name - country' (SPEC.md §2), each part isolated: the name and the country may be in
 * different scripts, and the separator then follows the page's direction, so the name comes first
 * in reading order on left-to-right and right-to-left pages alike. '-' when there is no port.
 */
export const PortLabel = ({ port }: { port: PortLike | null | undefined }) => {
  const locale = useLocale();
  const parts = portParts(port, locale);
  if (!parts) return <>-</>;
  return (
    <span data-port-label="">
      <Isolated testId="port-name">{parts.name}</Isolated>
      {parts.country && (
        <>
          {' - '}
          <Isolated testId="port-country">{parts.country}</Isolated>
        </>
      )}
    </span>
  );
};

/** The port label as one string with its parts isolated, for an input's text (Autocomplete). */
export const portText = (port: PortLike | null | undefined, language: string): string => {
  const parts = portParts(port, language);
  if (!parts) return '';
  return parts.country ? `${isolateText(parts.name)} - ${isolateText(parts.country)}` : isolateText(parts.name);
};

/**
 * The arrow from origin to destination. An icon is not mirrored by the page's direction, and a
 * right-to-left page reads the origin on the right: there it points left.
 */
export const RouteArrow = () => (
  <ArrowForwardIcon
    fontSize="inherit"
    color="action"
    aria-hidden
    data-testid="route-arrow"
    sx={{ verticalAlign: 'middle', marginInline: 0.5, transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }}
  />
);

/** Origin → destination on one line, each a PortLabel. */
export const PortRoute = ({ from, to }: { from: PortLike | null | undefined; to: PortLike | null | undefined }) => (
  <span data-testid="port-route">
    <span data-testid="route-origin">
      <PortLabel port={from} />
    </span>
    <RouteArrow />
    <span data-testid="route-destination">
      <PortLabel port={to} />
    </span>
  </span>
);

/** A port choice of an Autocomplete, from the choice's record context. */
const PortOption = () => <PortLabel port={useRecordContext<PortLike & RaRecord>()} />;

/**
 * The props of a react-admin AutocompleteInput of ports: options drawn as PortLabel, the chosen
 * port's text with its parts isolated (an input holds only a string), and the typed text matched
 * against either part.
 */
export const portChoiceProps = (language: string) => ({
  optionText: <PortOption />,
  inputText: (port: PortLike) => portText(port, language),
  matchSuggestion: (filter: string, port: PortLike) => portLabel(port, language).toLocaleLowerCase().includes(filter.trim().toLocaleLowerCase()),
});
