import type { Db } from '../db/types';

// One typed mechanism for "something was committed, other modules may react": a module emits, wiring.ts
// subscribes. Handlers run after the change is committed; a failing handler is logged and never fails
// or undoes the request (the change already happened).

/**
 * Every event of the API, by name, with its payload. Each module owns its part of the map and adds it
 * from its events.ts (`declare module '../../events/bus'`), so the bus imports no module.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the modules through declaration merging.
export interface AppEvents {}

export type EventName = keyof AppEvents;

/** Where handler failures are reported: the request's logger, which carries its request id. */
export interface EventLog {
  error(object: unknown, message: string): void;
}

/** What a handler may use: the database (the change is already committed) and the request's logger. */
export interface EventContext {
  db: Db;
  log?: EventLog | undefined;
}

export type EventHandler<K extends EventName> = (
  payload: AppEvents[K],
  context: { db: Db; log: EventLog },
) => unknown;

const handlers = new Map<EventName, EventHandler<never>[]>();

// Callers without a request (scripts, tests) still get their handler failures reported.
const processLog: EventLog = {
  error: (object, message) => console.error(message, object),
};

/** Subscribes a handler to one event; answers the function that unsubscribes it. */
export function on<K extends EventName>(name: K, handler: EventHandler<K>): () => void {
  const list = handlers.get(name) ?? [];
  list.push(handler as EventHandler<never>);
  handlers.set(name, list);
  return () => {
    const index = list.indexOf(handler as EventHandler<never>);
    if (index >= 0) list.splice(index, 1);
  };
}

/**
 * Hands a committed change to every handler of its event, one after the other. Call it after the
 * transaction that made the change (or queue it with inTransaction). Never rejects.
 */
export async function emit<K extends EventName>(
  name: K,
  payload: AppEvents[K],
  context: EventContext,
): Promise<void> {
  const log = context.log ?? processLog;
  for (const handler of [...(handlers.get(name) ?? [])] as EventHandler<K>[]) {
    try {
      await handler(payload, { db: context.db, log });
    } catch (error) {
      log.error({ err: error, event: name }, 'event handler failed');
    }
  }
}

/** Events raised inside a transaction, held until it commits. */
export interface EventQueue {
  emit<K extends EventName>(name: K, payload: AppEvents[K]): void;
}

/**
 * Runs `work` in one transaction. The events it queues reach their handlers only once the transaction
 * has committed, and never when it rolls back.
 */
export async function inTransaction<T>(
  context: EventContext,
  work: (tx: Db, events: EventQueue) => Promise<T>,
): Promise<T> {
  const queued: { name: EventName; payload: unknown }[] = [];
  const events: EventQueue = { emit: (name, payload) => void queued.push({ name, payload }) };
  const result = await context.db.transaction((tx) => work(tx, events));
  for (const { name, payload } of queued) await emit(name, payload as never, context);
  return result;
}
