import { Box, Link as MuiLink } from '@mui/material';
import { Link } from 'react-router';

export const vehicleEditPath = (id: unknown) => `/vehicles/${id}/edit`;

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
