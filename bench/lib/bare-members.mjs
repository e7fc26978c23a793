// The reference for `npm run bench:members`: a bare Fastify + pg server that does what the product's
// members page needs at the least cost — verify the HS256 access token (fast-jwt, as the API does) and run
// ONE named prepared statement giving the page with roles, names and the total: the product's query. No
// session, membership or permission check, no envelope validation: the ceiling the product is measured
// against.
// Run as a child process (its own CPU share): node bench/lib/bare-members.mjs; prints `listening <port>`.

import { createVerifier } from 'fast-jwt';
import Fastify from 'fastify';
import pg from 'pg';

const verify = createVerifier({
  key: process.env.JWT_SECRET,
  algorithms: ['HS256'],
  allowedAud: 'wsm-api',
  allowedIss: 'wsm-identity',
  requiredClaims: ['sub', 'sid', 'exp'],
});
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
// The product's page query: the total counted by triggers (workspace_list_counts), the page read along the
// index, and the page size written into the statement, one named statement per size, so that PostgreSQL
// keeps one generic plan instead of planning every execution (apps/api/src/db/prepared.ts, constantLimit).
// The first page only: the one the bench measures.
const pageQuery = (pageSize) => `select m.id, m.level, m.status, r.id as role_id, r.name as role_name,
  r.key as role_key, u.id as user_id, u.first_name, u.last_name, u.username,
  (select coalesce(sum(c.rows), 0) from workspace_list_counts c where c.workspace_id = $1 and c.list = 'members') as total
  from workspace_members m join users u on u.id = m.user_id
  left join workspace_roles r on r.id = m.role_id and r.workspace_id = m.workspace_id
  where m.workspace_id = $1
  order by m.level desc nulls last, m.joined_date, m.id limit ${pageSize}`;

const app = Fastify({ logger: false });
app.get('/members/:id', async (request, reply) => {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  try {
    verify(match?.[1] ?? '');
  } catch {
    return reply.code(401).send({ statusCode: 401 });
  }
  const pageSize = Math.min(100, Math.max(1, Math.trunc(Number(request.query.pageSize ?? 20)) || 20));
  const { rows } = await pool.query({
    name: `bare-members-page-${pageSize}`,
    text: pageQuery(pageSize),
    values: [request.params.id],
  });
  return {
    statusCode: 200,
    statusMessage: 'OK',
    data: { items: rows, total: Number(rows[0]?.total ?? 0), page: 1, pageSize },
  };
});
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`listening ${app.server.address().port}`);
process.on('SIGTERM', () =>
  app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0)),
);
