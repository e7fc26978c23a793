import { z } from 'zod';

// The web app's own version: the update prompt compares it with the stored one.

/** `data` of `GET /v1/app/version/`: the version of the web app the server serves and when it was built. */
export const appVersionSchema = z.object({
  version: z.string().min(1),
  /** ISO date and time. */
  builtAt: z.string(),
});
export type AppVersion = z.infer<typeof appVersionSchema>;
