import { afterEach, expect, vi } from 'vitest';

// An error printed during a test is a failure nobody asserted on: make it fail the test.
const consoleError = vi.spyOn(console, 'error');

afterEach(() => {
  expect(consoleError, 'console.error was called').not.toHaveBeenCalled();
  consoleError.mockClear();
});
