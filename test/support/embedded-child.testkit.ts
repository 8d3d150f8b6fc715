// Started by test/embedded.spec.ts and killed with SIGKILL: leaves an orphaned postmaster behind.
import pg from 'pg';
import { startEmbeddedPostgres } from '../../src/database/embedded.js';

const db = await startEmbeddedPostgres({ dataDir: process.argv[2]!, database: 'survivor' });
const client = new pg.Client({ connectionString: db.url });
await client.connect();
await client.query('CREATE TABLE IF NOT EXISTS marker (note text)');
await client.query(`INSERT INTO marker VALUES ('kept across restarts')`);
await client.end();
console.log('ready');
setInterval(() => undefined, 1000);
