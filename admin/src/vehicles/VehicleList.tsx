import { ComingSoon } from '../layout/Pages';
import { RequireAccess } from '../layout/RequireAccess';

/** Placeholder until the vehicles screen is built: says so, in both languages. */
const VehicleList = () => (
  <RequireAccess resource="vehicles">
    <ComingSoon title="nav.vehicles" />
  </RequireAccess>
);

export default VehicleList;
