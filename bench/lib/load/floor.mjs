// The floor of a search that reads its page from PostgreSQL on every request (decision 013): the
// issue search's 25 cards read by primary key in one prepared statement over a pool of
// DATABASE_POOL_SIZE connections, and written as JSON. No session, no log line, no input check, no
// search index, no visibility rule, no marks, no photos, no history row: what any search that
// must show every committed write costs before doing any of its own work. PORT, DATABASE_URL,
// POOL_SIZE and IDS (the card ids, comma-separated) set it up.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.POOL_SIZE ?? 4),
});
const ids = `{${process.env.IDS}}`;
const text = `select d.user_id as id, d.display_id, d.agency_display_id, u.first_name, d.center_id,
    d.date_of_birth::text as date_of_birth, d.age_unconfirmed, d.height_cm, d.eye_color, d.hair_color,
    d.race_card::text as races, d.ethnicity_card::text as ethnicities, d.city, d.state, d.availability,
    d.frozen_availability, d.donor_type, d.queue_count::int, d.frozen_queue_count::int, d.views_count,
    d.latitude, d.longitude
  from donors d inner join users u on u.id = d.user_id where d.user_id = any($1::int[])`;
const app = Fastify({ logger: false });
app.post('/', async () => {
  const { rows } = await pool.query({ name: 'floor', text, values: [ids] });
  return { data: { rows, total: rows.length } };
});
await app.listen({ port: Number(process.env.PORT ?? 3212), host: '127.0.0.1' });
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0)),
);
