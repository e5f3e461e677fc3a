import { Box, Link as MuiLink } from '@mui/material';
import { Link } from 'react-router';

export const vehicleEditPath = (id: unknown) => `/vehicles/${id}/edit`;

/** A vehicle's one-line description under its VIN: make · model · year, or a dash when none is known. */
export const makeModelYear = (vehicle: { make?: string | null; model?: string | null; year?: number | null }) =>
  [vehicle.make, vehicle.model, vehicle.year].filter(Boolean).join(' · ') || '—';

/** The VIN in monospace, left to right on Arabic pages too; a link to the edit page when given one. */
export const VinText = ({ vin, to }: { vin: string; to?: string }) => {
  const text = (
    <Box component="bdi" dir="ltr" sx={{ fontFamily: 'monospace', fontSize: '0.85rem', whiteSpace: 'nowrap' }}>
      {vin}
    </Box>
  );
  return to ? (
    <MuiLink component={Link} to={to} underline="hover">
      {text}
    </MuiLink>
  ) : (
    text
  );
};
