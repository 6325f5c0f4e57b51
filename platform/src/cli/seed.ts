// Seeds the configured database (npm run reset calls it after wiping .data/). With --reset and
// DATABASE_URL set it empties that database first. --seed-scale adds the 100,000-user organization.
import { loadConfig } from '../config.js';
import { emptyDatabase, openConfiguredDatabase } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { seedOnStart } from '../seed/seed.js';

const args = process.argv.slice(2);
const config = loadConfig();
const db = await openConfiguredDatabase(config);
try {
  if (args.includes('--reset') && config.databaseUrl) {
    await emptyDatabase(db);
    console.info('Emptied the database at DATABASE_URL.');
  }
  await migrate(db);
  const started = Date.now();
  const seeded = await seedOnStart(db, config, { scale: args.includes('--seed-scale') });
  console.info(
    seeded
      ? `Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s.`
      : 'The database already had data; nothing seeded.',
  );
} finally {
  await db.close();
}
