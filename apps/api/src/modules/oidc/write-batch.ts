import { sql } from 'drizzle-orm';
import type { AdapterPayload } from 'oidc-provider';
import { preparedPer } from '../../db/prepared';
import type { Db } from '../../db/types';

// Within a token request (POST /token) the provider's writes (consuming the code or refresh token,
// saving the new access and refresh tokens) are held and sent as ONE statement when the request is
// done, before its answer (middleware.ts): one round trip and one commit instead of three. Any other
// read or write of the adapter in that request sends what is held first, so the database sees the same
// writes in the same order. The consume is atomic too: it takes only a code or token not consumed yet;
// when another request took it first, nothing of the statement is saved and the request answers
// invalid_grant with the grant revoked, as the provider does for a code or token used twice.

interface HeldUpsert {
  model: string;
  id: string;
  payload: AdapterPayload;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: string | null;
}

interface HeldConsume {
  model: string;
  id: string;
  /** Its grant, revoked when another request consumed it first (undefined: not known). */
  grantId: string | undefined;
}

// The consumes first; the rows are saved only when every consume took its row. The rows to consume
// are found through the primary key by arrays of models and ids: joined to jsonb_to_recordset (which the
// planner takes for 100 rows) the update scanned the whole table while it was young, once per request.
const heldWrites = preparedPer((db: Db) => {
  const consumes = sql`${sql.placeholder('consumes')}::jsonb`;
  const consumed = db.$with('consumed', { one: sql<number>`one` }).as(
    sql`update oidc_payloads p set consumed_at = ${sql.placeholder('at')}::timestamptz
        where p.model = any(array(select jsonb_array_elements(${consumes}) ->> 'model'))
          and p.id = any(array(select jsonb_array_elements(${consumes}) ->> 'id'))
          and p.consumed_at is null
          and exists (select from jsonb_to_recordset(${consumes}) as c(model text, id text)
            where c.model = p.model and c.id = p.id)
        returning 1 as one`,
  );
  const saved = db.$with('saved', {}).as(
    sql`insert into oidc_payloads (model, id, payload, grant_id, user_code, uid, expires_at)
        select r.model, r.id, r.payload, r.grant_id, r.user_code, r.uid, r.expires_at
        from jsonb_to_recordset(${sql.placeholder('upserts')}::jsonb) as r(model text, id text,
          payload jsonb, grant_id text, user_code text, uid text, expires_at timestamptz)
        where (select count(*) from consumed) = ${sql.placeholder('count')}::int
        on conflict (model, id) do update set payload = excluded.payload, grant_id = excluded.grant_id,
          user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at`,
  );
  return db
    .with(consumed, saved)
    .select({ consumed: sql<number>`count(*)::int`.mapWith(Number) })
    .from(consumed)
    .prepare('oidc_held_writes');
});

class WriteBatch {
  private upserts = new Map<string, HeldUpsert>();
  private consumes = new Map<string, HeldConsume>();
  /** The statements sent so far, in order; each op waits for them. */
  private sending: Promise<void> = Promise.resolve();
  /** A consume was lost: nothing more is written, and these grants are revoked. */
  lost: { grantIds: string[] } | undefined;

  constructor(private readonly db: Db) {}

  upsert(row: HeldUpsert): Promise<void> {
    const key = `${row.model}:${row.id}`;
    // One statement cannot write a row twice: a row consumed meanwhile is sent first.
    const before = this.consumes.has(key) ? this.send() : this.sending;
    if (!this.lost) this.upserts.set(key, row);
    return before;
  }

  consume(row: HeldConsume): Promise<void> {
    const key = `${row.model}:${row.id}`;
    const before = this.consumes.has(key) || this.upserts.has(key) ? this.send() : this.sending;
    if (!this.lost) this.consumes.set(key, row);
    return before;
  }

  /** Sends what is held (after what was sent before); resolves once written. */
  send(): Promise<void> {
    if (this.upserts.size === 0 && this.consumes.size === 0) return this.sending;
    const upserts = [...this.upserts.values()];
    const consumes = [...this.consumes.values()];
    this.upserts = new Map();
    this.consumes = new Map();
    this.sending = this.sending.then(() => this.write(upserts, consumes));
    return this.sending;
  }

  private async write(upserts: HeldUpsert[], consumes: HeldConsume[]): Promise<void> {
    if (this.lost) return;
    const [row] = await heldWrites(this.db).execute({
      at: new Date().toISOString(),
      consumes: JSON.stringify(consumes.map(({ model, id }) => ({ model, id }))),
      upserts: JSON.stringify(upserts),
      count: consumes.length,
    });
    if ((row?.consumed ?? 0) === consumes.length) return;
    this.lost = { grantIds: [...new Set(consumes.flatMap((c) => (c.grantId ? [c.grantId] : [])))] };
    this.upserts.clear();
    this.consumes.clear();
  }
}

const batches = new WeakMap<object, WriteBatch>();

/** Holds the adapter's writes in this request (a token request) until closeWriteBatch. */
export function openWriteBatch(ctx: object, db: Db): void {
  batches.set(ctx, new WriteBatch(db));
}

/** The request's batch, if its writes are held. */
export function writeBatchOf(ctx: object | undefined): WriteBatch | undefined {
  return ctx ? batches.get(ctx) : undefined;
}

/**
 * Sends what is held and writes directly from now on; answers the grants to revoke when a consume was
 * lost to another request (undefined: all written).
 */
export async function closeWriteBatch(ctx: object): Promise<{ grantIds: string[] } | undefined> {
  const batch = batches.get(ctx);
  if (!batch) return undefined;
  try {
    await batch.send();
  } finally {
    batches.delete(ctx);
  }
  return batch.lost;
}

export type { HeldUpsert, WriteBatch };
