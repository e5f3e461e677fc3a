import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Ltr } from '../common/Fields';
import type { DemoLoaded } from './api';

/**
 * The demo's accounts and their passwords, shown once after the demo is loaded: the server keeps
 * only their hashes, so this is the one moment to note them (a super admin can reset them later).
 */
export const SetupChecklistDemoAccounts = ({ demo, onClose }: { demo: DemoLoaded; onClose: () => void }) => {
  const translate = useTranslate();
  return (
    <Dialog open onClose={onClose} aria-labelledby="demo-accounts-title" data-testid="demo-accounts" fullWidth maxWidth="sm">
      <DialogTitle id="demo-accounts-title">{translate('dashboard.setup.demo.accountsTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ marginBlockEnd: 2 }}>
          {translate('dashboard.setup.demo.accountsIntro', { company: demo.company.name, vehicles: demo.counts.vehicles, containers: demo.counts.containers })}
        </DialogContentText>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate('dashboard.setup.demo.role')}</TableCell>
              <TableCell>{translate('dashboard.setup.demo.username')}</TableCell>
              <TableCell>{translate('dashboard.setup.demo.password')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {demo.accounts.map((account) => (
              <TableRow key={account.username}>
                <TableCell>{translate(`roles.${account.role}`)}</TableCell>
                <TableCell><Ltr>{account.username}</Ltr></TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}><Ltr>{account.password}</Ltr></TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {translate('dashboard.setup.demo.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
