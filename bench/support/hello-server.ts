import Fastify from 'fastify';
import pg from 'pg';

/**
 * The baselines of the throughput bench, in their own process like the real server:
 * - `GET /`: a bare Fastify hello-world (no logger, no plugins);
 * - `GET /two-queries` (when DATABASE_URL, SESSION_ID and USER_ID are set): bare Fastify running
 *   the two statements an authenticated plan-status needs — the session joined to its user, the
 *   user joined to their subscription — as prepared statements over a raw pg pool, and nothing
 *   else: the ceiling for any handler that makes two round trips to PostgreSQL.
 * Prints its address once listening.
 */
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

const { DATABASE_URL, SESSION_ID, USER_ID } = process.env;
const pool = DATABASE_URL ? new pg.Pool({ connectionString: DATABASE_URL, max: 10 }) : undefined;
if (pool && SESSION_ID && USER_ID) {
  app.get('/two-queries', async () => {
    const session = await pool.query({
      name: 'floor_session',
      text: 'select s.user_id, u.email, s.revoked_at from sessions s join users u on u.id = s.user_id where s.id = $1 limit 1',
      values: [SESSION_ID],
    });
    const account = await pool.query({
      name: 'floor_account',
      text: 'select u.id, u.email, u.credits, s.* from users u left join subscriptions s on s.user_id = u.id where u.id = $1',
      values: [USER_ID],
    });
    return { session: session.rows[0], credits: account.rows[0]?.credits };
  });
}

const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`listening ${address}`);
const stop = () => void app.close().then(async () => {
  await pool?.end();
  process.exit(0);
});
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
