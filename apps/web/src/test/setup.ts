import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { sessionActions } from '../lib/session';

// The test files of a worker share one document and one module cache (isolate: false, vite.config.ts):
// each test starts signed out with empty storage, whatever the file before it left.
beforeEach(() => {
  sessionActions.clear();
  sessionActions.setUserRole('');
  sessionActions.setEmail('');
  sessionActions.setPasswordChangeToken('');
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => cleanup());
