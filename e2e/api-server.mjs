// Runs the API for the browser tests: the same server.ts, loaded through tsx's API (as npm start
// does), so the test server's command line is distinct from a developer's own running server.
import { register } from 'tsx/esm/api';

register();
await import('../api/src/server.ts');
