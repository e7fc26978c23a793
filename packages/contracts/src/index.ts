export * from './common-passwords';
export * from './identity';
export * from './issue-messages';
export * from './normalize';
export * from './outbox';
export * from './paging';
export * from './status-codes';
export * from './validators';
