import { ComingSoon } from '../layout/Pages';
import { RequireAccess } from '../layout/RequireAccess';

/** Placeholder until the invoices screen is built: says so, in both languages. */
const InvoiceList = () => (
  <RequireAccess resource="invoices">
    <ComingSoon title="nav.invoices" />
  </RequireAccess>
);

export default InvoiceList;
