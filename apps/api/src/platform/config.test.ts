import { describe, expect, it } from 'vitest';
import { DEFAULT_DRAIN_MS, loadConfig } from './config.js';

const DATA_DIR = '/tmp/dm-test-data';
const SECRET = 'a-long-enough-secret-a-long-enough-secret';

describe('APP_SECRET in production', () => {
  it('a production server on PostgreSQL without APP_SECRET refuses to start, saying why', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/app', DATA_DIR })).toThrow(
      /APP_SECRET must be set in production with DATABASE_URL/,
    );
  });

  it('starts with APP_SECRET given', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/app',
      DATA_DIR,
      APP_SECRET: SECRET,
    });
    expect(config.appSecret).toBe(SECRET);
  });

  it('the embedded database and development still keep a generated secret in DATA_DIR', () => {
    const embedded = loadConfig({ NODE_ENV: 'production', DATA_DIR });
    expect(embedded.appSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/app', DATA_DIR }).appSecret).toBe(embedded.appSecret);
  });
});

describe('SHUTDOWN_DRAIN_MS and METRICS_TOKEN', () => {
  it('drains for DEFAULT_DRAIN_MS in production, not at all otherwise, or as given', () => {
    expect(loadConfig({ NODE_ENV: 'production', DATA_DIR }).shutdownDrainMs).toBe(DEFAULT_DRAIN_MS);
    expect(loadConfig({ DATA_DIR }).shutdownDrainMs).toBe(0);
    expect(loadConfig({ DATA_DIR, SHUTDOWN_DRAIN_MS: '1500' }).shutdownDrainMs).toBe(1500);
    expect(() => loadConfig({ DATA_DIR, SHUTDOWN_DRAIN_MS: 'soon' })).toThrow(/SHUTDOWN_DRAIN_MS/);
  });

  it('serves no metrics without METRICS_TOKEN', () => {
    expect(loadConfig({ DATA_DIR }).metricsToken).toBeNull();
    expect(loadConfig({ DATA_DIR, METRICS_TOKEN: 'scrape-me' }).metricsToken).toBe('scrape-me');
  });
});
