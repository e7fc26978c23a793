// Queries of the identity module, one file per concern. Other modules use service.ts, never these.

export * from './authenticators-repository';
export * from './challenges-repository';
export * from './passkeys-repository';
export * from './sessions-repository';
export * from './users-repository';
