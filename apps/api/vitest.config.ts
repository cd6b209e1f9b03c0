import { defineConfig } from 'vitest/config';
import { REPORTERS, testProjects } from '../../vitest.shared';

export default defineConfig({
  test: {
    projects: testProjects(`${import.meta.dirname}/src`, 'src/**/*.test.ts'),
    reporters: REPORTERS,
    globalSetup: ['src/test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
