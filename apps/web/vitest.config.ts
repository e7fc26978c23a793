import { defineProject } from 'vitest/config';
import { readChecks } from './read-checks-plugin';

export default defineProject({
  plugins: [readChecks()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Screens driven through user-event and MUI take seconds when the two cores are busy with the API
    // suite running beside them; a slow machine is not a failure of the screen.
    testTimeout: 90_000,
  },
});
