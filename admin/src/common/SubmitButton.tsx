import { Button, CircularProgress } from '@mui/material';
import { useTranslate } from 'react-admin';

/** A form's large submit button: disabled with a spinner and its `pendingLabel` while the form is sent. */
export const SubmitButton = ({ pending, label, pendingLabel, testId }: { pending: boolean; label: string; pendingLabel: string; testId: string }) => {
  const translate = useTranslate();
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      disabled={pending}
      startIcon={pending ? <CircularProgress size={18} color="inherit" /> : undefined}
      data-testid={testId}
    >
      {translate(pending ? pendingLabel : label)}
    </Button>
  );
};
