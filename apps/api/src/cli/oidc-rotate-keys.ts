import { dropRetiredKeys, rotateSigningKeys } from '../modules/oidc/keys';
import { openConfiguredDatabase } from '../start-up';

// npm run oidc:rotate-keys -w @wsm/api: a new signing key for "sign in with the workspace" signs from
// now on (every API process picks it up within a minute); the retired key stays published until its
// tokens have expired. `-- --drop-expired` only drops such keys (docs/sign-in-with-workspace.md).
const { config, database } = await openConfiguredDatabase();
try {
  if (process.argv.includes('--drop-expired'))
    console.log(JSON.stringify({ dropped: await dropRetiredKeys(database.db) }));
  else console.log(JSON.stringify(await rotateSigningKeys(database.db, config.totpEncryptionKey)));
} finally {
  await database.close();
}
