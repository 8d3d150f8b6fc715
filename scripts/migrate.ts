/** `npm run db:migrate`: apply pending migrations to DATABASE_URL (what `npm start` does first). */
import { migrate } from '../src/database/migrations.js';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('set DATABASE_URL to the database to migrate (npm start migrates the embedded one by itself)');
  process.exit(1);
}
migrate(url).then(
  (applied) => console.log(applied.length ? `applied: ${applied.join(', ')}` : 'the database is up to date'),
  (err) => {
    console.error((err as Error).message);
    process.exit(1);
  },
);
