import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// findBy* and waitFor give up after 1 s by default; on a shared two-core machine a first render that
// loads a screen's modules can take longer than that without anything being wrong.
configure({ asyncUtilTimeout: 5000 });
