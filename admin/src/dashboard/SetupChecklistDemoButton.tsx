import { useState } from 'react';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import { can } from '@domain/permissions';
import type { Role } from '@domain/roles';
import { errorMessage } from '../providers/errorMessage';
import { useAccessChecked } from '../providers/useAccessChecked';
import { loadDemoData, type DemoLoaded } from './api';

/**
 * "Load demo data" for the super admin of an install without companies (POST /api/demo-data,
 * the loader DEMO_DATA=true runs at start). Asked for first: it adds a company, ports and
 * accounts that someone would have to delete before real use.
 */
export const SetupChecklistDemoButton = ({ role, onLoaded }: { role: Role | null | undefined; onLoaded: (demo: DemoLoaded) => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const accessChecked = useAccessChecked();
  const [asking, setAsking] = useState(false);
  const load = useMutation({
    mutationFn: () => accessChecked(loadDemoData),
    onSuccess: (demo) => {
      setAsking(false);
      if (!demo) return;
      notify('dashboard.setup.demo.loaded', { type: 'success' });
      onLoaded(demo);
    },
    onError: (error) => {
      setAsking(false);
      notify(errorMessage(error, translate, 'dashboard.setup.demo.failed'), { type: 'error' });
    },
  });
  if (!can(role, 'demoData', 'create')) return null;

  return (
    <Box sx={{ marginBlockStart: 2, paddingBlockStart: 2, borderBlockStart: 1, borderColor: 'divider', display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 240px' }}>
        {translate('dashboard.setup.demo.hint')}
      </Typography>
      <Button
        variant="outlined"
        startIcon={load.isPending ? <CircularProgress size={18} /> : <AutoAwesomeIcon />}
        disabled={load.isPending}
        onClick={() => setAsking(true)}
        data-testid="setup-load-demo"
      >
        {translate(load.isPending ? 'dashboard.setup.demo.loading' : 'dashboard.setup.demo.button')}
      </Button>
      <Confirm
        isOpen={asking}
        loading={load.isPending}
        title="dashboard.setup.demo.confirmTitle"
        content="dashboard.setup.demo.confirmContent"
        confirm="dashboard.setup.demo.button"
        onConfirm={() => load.mutate()}
        onClose={() => setAsking(false)}
      />
    </Box>
  );
};
