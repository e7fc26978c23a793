import { AsyncLocalStorage } from 'node:async_hooks';

// The API key a request acts with, for the audit entries it records (record.ts): app.ts runs the
// handler of a request made with a key inside `actingWithKey`, so no service has to pass it along.

const context = new AsyncLocalStorage<{ id: string; name: string }>();

export function actingWithKey<T>(key: { id: string; name: string }, run: () => T): T {
  return context.run({ id: key.id, name: key.name }, run);
}

/** The key the current request acts with, if any. */
export function currentApiKey(): { id: string; name: string } | undefined {
  return context.getStore();
}
