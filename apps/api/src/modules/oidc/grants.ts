import type { ConnectedApplication } from '@wsm/contracts';
import { and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/types';
import { applications } from '../applications/schema';
import { sessions, users } from '../identity/schema';
import { members } from '../members/schema';
import { workspaces } from '../workspaces/schema';
import { applicationSignIn, oidcGrants, oidcPayloads } from './schema';

// Who a provider grant belongs to, and when it stops (docs/sign-in-with-workspace.md, "Revocation"):
// every token of a grant is checked against this row when the provider reads it, so a member removed
// or suspended, an application switched off or deleted, or the product session ended stops the grant
// at the next request on every process, whatever made the change.

/** Records (or refreshes) the grant of a sign-in: the client's application and the product session. */
export async function recordGrant(
  db: Db,
  input: { grantId: string; userId: string; clientId: string; sessionId: string },
): Promise<void> {
  const [client] = await db
    .select({ applicationId: applicationSignIn.applicationId, workspaceId: applicationSignIn.workspaceId })
    .from(applicationSignIn)
    .where(eq(applicationSignIn.clientId, input.clientId));
  if (!client) return;
  const t = new Date();
  await db
    .insert(oidcGrants)
    .values({ ...input, ...client, firstSignInDate: t, lastSignInDate: t })
    .onConflictDoUpdate({
      target: oidcGrants.grantId,
      set: { sessionId: input.sessionId, lastSignInDate: t },
    });
}

/** The user's fields a token's claims are made of, read with the grant's check (adapter.ts). */
export type UserClaims = Pick<
  typeof users.$inferSelect,
  'firstName' | 'lastName' | 'username' | 'language' | 'email' | 'emailVerified' | 'phone'
> & { userId: string };

export const claimColumns = {
  userId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
  language: users.language,
  email: users.email,
  emailVerified: users.emailVerified,
  phone: users.phone,
};

/**
 * The grants that may still be used, with their user's claims: the row exists, the application's
 * sign-in is on, the workspace and the account active, the member active, and the product session it
 * was given in not ended. `where` picks the grant.
 */
export function liveGrants(db: Db, where: SQL) {
  return db
    .select({ grantId: oidcGrants.grantId, ...claimColumns })
    .from(oidcGrants)
    .innerJoin(
      applicationSignIn,
      and(
        eq(applicationSignIn.applicationId, oidcGrants.applicationId),
        eq(applicationSignIn.clientId, oidcGrants.clientId),
        eq(applicationSignIn.enabled, true),
      ),
    )
    .innerJoin(workspaces, and(eq(workspaces.id, oidcGrants.workspaceId), eq(workspaces.status, 'active')))
    .innerJoin(users, and(eq(users.id, oidcGrants.userId), eq(users.status, 'active')))
    .innerJoin(
      members,
      and(
        eq(members.workspaceId, oidcGrants.workspaceId),
        eq(members.userId, oidcGrants.userId),
        eq(members.status, 'active'),
      ),
    )
    .innerJoin(sessions, and(eq(sessions.id, oidcGrants.sessionId), sql`${sessions.revokedDate} is null`))
    .where(where)
    .limit(1);
}

/** Whether a grant may still be used (liveGrants). */
export async function isGrantAlive(db: Db, grantId: string): Promise<boolean> {
  const [row] = await liveGrants(db, eq(oidcGrants.grantId, grantId));
  return row !== undefined;
}

/** Deletes grants with every code and token they gave; answers how many grants there were. */
export async function revokeGrants(db: Db, grantIds: string[]): Promise<number> {
  if (grantIds.length === 0) return 0;
  await db
    .delete(oidcPayloads)
    .where(
      or(
        inArray(oidcPayloads.grantId, grantIds),
        and(eq(oidcPayloads.model, 'Grant'), inArray(oidcPayloads.id, grantIds)),
      ),
    );
  const gone = await db
    .delete(oidcGrants)
    .where(inArray(oidcGrants.grantId, grantIds))
    .returning({ id: oidcGrants.grantId });
  return gone.length;
}

/** Revokes a user's grants (all of them, or one workspace's or one application's). */
export async function revokeUserGrants(
  db: Db,
  userId: string,
  where: { workspaceId?: string; applicationId?: string } = {},
): Promise<number> {
  const rows = await db
    .select({ id: oidcGrants.grantId })
    .from(oidcGrants)
    .where(
      and(
        eq(oidcGrants.userId, userId),
        where.workspaceId ? eq(oidcGrants.workspaceId, where.workspaceId) : undefined,
        where.applicationId ? eq(oidcGrants.applicationId, where.applicationId) : undefined,
      ),
    );
  return revokeGrants(
    db,
    rows.map((row) => row.id),
  );
}

/** The applications a user signed into with a workspace, most recent first (live grants only). */
export async function connectedApplications(db: Db, userId: string): Promise<ConnectedApplication[]> {
  const rows = await db
    .select({
      id: oidcGrants.grantId,
      applicationId: applications.id,
      applicationName: applications.name,
      workspaceId: workspaces.id,
      workspaceName: workspaces.name,
      grant: oidcPayloads.payload,
      firstSignInDate: oidcGrants.firstSignInDate,
      lastSignInDate: oidcGrants.lastSignInDate,
    })
    .from(oidcGrants)
    .innerJoin(applications, eq(applications.id, oidcGrants.applicationId))
    .innerJoin(workspaces, eq(workspaces.id, oidcGrants.workspaceId))
    .innerJoin(
      oidcPayloads,
      and(
        eq(oidcPayloads.model, 'Grant'),
        eq(oidcPayloads.id, oidcGrants.grantId),
        sql`(${oidcPayloads.expiresAt} is null or ${oidcPayloads.expiresAt} > now())`,
      ),
    )
    .where(eq(oidcGrants.userId, userId))
    .orderBy(desc(oidcGrants.lastSignInDate))
    .limit(200);
  const alive = await Promise.all(rows.map((row) => isGrantAlive(db, row.id)));
  return rows
    .filter((_, i) => alive[i])
    .map((row) => {
      const scope = (row.grant as { openid?: { scope?: string } }).openid?.scope ?? '';
      return {
        id: row.id,
        application: { id: row.applicationId, name: row.applicationName },
        workspace: { id: row.workspaceId, name: row.workspaceName },
        scopes: scope.split(' ').filter(Boolean),
        firstSignInDate: row.firstSignInDate.toISOString(),
        lastSignInDate: row.lastSignInDate.toISOString(),
      };
    });
}

/** The user's grant by id (never another user's), for disconnecting it. */
export async function findUserGrant(
  db: Db,
  userId: string,
  grantId: string,
): Promise<{ grantId: string; workspaceId: string; applicationId: string; name: string } | undefined> {
  const [row] = await db
    .select({
      grantId: oidcGrants.grantId,
      workspaceId: oidcGrants.workspaceId,
      applicationId: oidcGrants.applicationId,
      name: applications.name,
    })
    .from(oidcGrants)
    .innerJoin(applications, eq(applications.id, oidcGrants.applicationId))
    .where(and(eq(oidcGrants.userId, userId), eq(oidcGrants.grantId, grantId)));
  return row;
}
