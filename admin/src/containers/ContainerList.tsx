import { ComingSoon } from '../layout/Pages';
import { RequireAccess } from '../layout/RequireAccess';

/** Placeholder until the containers screen is built: says so, in both languages. */
const ContainerList = () => (
  <RequireAccess resource="containers">
    <ComingSoon title="nav.containers" />
  </RequireAccess>
);

export default ContainerList;
