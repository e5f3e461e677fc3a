// Runs the API for the browser tests: the same server.ts, loaded through tsx's API rather than
// `node --import tsx api/src/server.ts`, so that the process's command line does not name
// api/src/server.ts and a `pkill -f api/src/server.ts` aimed at a developer's own server leaves
// the test server alone.
import { register } from 'tsx/esm/api';

register();
await import('../api/src/server.ts');
