import type { ReactNode } from 'react';
import { AlertTitle, Box } from '@mui/material';

/**
 * A toast with a title line and a description, e.g. 'Login failed' + the server's message. Given
 * to notify() as the message; layout/Notification shows it as it is, with the title it states.
 */
export const Toast = ({ title, description }: { title: ReactNode; description?: ReactNode }) => (
  <Box>
    <AlertTitle sx={{ marginBottom: description ? 0.25 : 0 }}>{title}</AlertTitle>
    {description}
  </Box>
);
