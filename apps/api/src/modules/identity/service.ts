// The identity module's service, as other modules and the routes call it: one file per flow beside this
// one, with what they share in challenges.ts.

export * from './account-codes';
export * from './accounts';
export { type Logger, localeOfLanguage } from './challenges';
export * from './login';
/** The password-strength rule, for the other modules that take a new password (security settings). */
export { assertStrongPassword } from './passwords';
export * from './recovery';
export * from './sessions';
export * from './signup';
export * from './step-up';
