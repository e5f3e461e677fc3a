import { knexConfig } from './api/src/db';

// For the knex CLI (npx knex --knexfile knexfile.ts ...): the same settings the server uses.
export default knexConfig(process.env.DATABASE_URL ?? 'sqlite:./data/app.sqlite');
