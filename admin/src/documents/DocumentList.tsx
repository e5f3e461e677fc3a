import { ComingSoon } from '../layout/Pages';
import { RequireAccess } from '../layout/RequireAccess';

/** Placeholder until the documents screen is built: says so, in both languages. */
const DocumentList = () => (
  <RequireAccess resource="documents">
    <ComingSoon title="nav.documents" />
  </RequireAccess>
);

export default DocumentList;
