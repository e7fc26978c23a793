// Test data: every test makes its own people, because the database is shared within a worker. The helpers
// live by concern in these modules; tests import them from here.
export * from './client-fixtures';
export * from './people-fixtures';
export * from './workspace-fixtures';
