import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { resetMockState } from '../app/mock-handlers';
import { server } from './server';

// findBy* and waitFor give up after 1 s by default; on a shared two-core machine a first render that
// loads a screen's modules can take longer than that without anything being wrong.
configure({ asyncUtilTimeout: 5000 });

// Every HTTP call goes to MSW (test/server.ts); one no handler answers fails the test that made it.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  server.events.removeAllListeners();
  resetMockState();
});
afterAll(() => server.close());
