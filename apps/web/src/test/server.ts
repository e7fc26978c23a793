import { setupServer } from 'msw/node';
import { mockHandlers, unknownApiCall } from '../app/mock-handlers';

// The web unit tests' HTTP: MSW answers every call of the API client (over XMLHttpRequest, as in the
// browser) from the mocked-API mode's handlers, without a delay; a test overrides them with
// server.use(...), which setup.ts resets after each test.
export const server = setupServer(...mockHandlers, ...unknownApiCall);
