import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import type { AppMetrics } from './http/metrics';
import type { AuthCache } from './lib/auth-cache';
import type { BackgroundTasks } from './lib/background';
import type { RateLimiter } from './lib/rate-limiter';
import type { Messaging } from './messaging/messaging';
import type { MemberAccess } from './modules/access/guard';
import type { CachedApiKey } from './modules/api-keys/key-auth';
import type { LastUsedTracker } from './modules/api-keys/last-used';
import type { ApplicationSignInRow } from './modules/oidc/schema';
import type { WebhookRuntime } from './modules/webhooks/runtime';

// What every module's services are handed: the settings and the real parts behind clean interfaces.
// Its own file, below every module: app.ts builds it and imports every module's routes, so a module
// that took this type from app.ts would import the app back.

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  limiter: RateLimiter;
  messaging: Messaging;
  /** This app's Prometheus registry and counters (http/metrics.ts). */
  metrics: AppMetrics;
  /**
   * Session liveness and memberships kept in memory, dropped on the database's notifications
   * (lib/auth-cache.ts). buildApp makes one and starts listening when none is given.
   */
  authCache?: AuthCache<MemberAccess, CachedApiKey, ApplicationSignInRow>;
  /** Notes when API keys were last used, written in batches (modules/api-keys/last-used.ts). */
  apiKeyUse?: LastUsedTracker;
  /** Work requests leave running (lib/background.ts); buildApp makes it when none is given. */
  background?: BackgroundTasks;
  /** The webhooks' clock and DNS resolver, replaced by tests (modules/webhooks/runtime.ts). */
  webhookRuntime?: Partial<WebhookRuntime>;
}
