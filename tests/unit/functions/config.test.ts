import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { config, resetConfigForTests } from '../../../functions/lib/config.js';

const REQUIRED = {
  TABLE_NAME: 'unit-table',
  DATA_BUCKET: 'unit-bucket',
  APP_URL: 'http://localhost',
  QUEUE_URL_OUTBOUND_MAIL: 'http://localhost/q1',
  QUEUE_URL_CONTACT_IMPORT: 'http://localhost/q2',
  QUEUE_URL_EXPORT: 'http://localhost/q3',
  QUEUE_URL_CAMPAIGN_PLAN: 'http://localhost/q4',
  QUEUE_URL_CAMPAIGN_DELIVERY: 'http://localhost/q5',
  QUEUE_URL_DELIVERY_EVENTS: 'http://localhost/q6',
  QUEUE_URL_WEBHOOK_DELIVERIES: 'http://localhost/q7',
};

// Each case sets its own variables over the required ones, and leaves the environment as it found it.
let saved: NodeJS.ProcessEnv;

beforeEach(() => {
  saved = { ...process.env };
  Object.assign(process.env, REQUIRED);
});
afterEach(() => {
  process.env = saved;
  resetConfigForTests();
});

describe('PAGE_FETCH_TEST_HOSTS', () => {
  it('lists the fixture origins in the test stage', () => {
    // Prepare
    Object.assign(process.env, { STAGE: 'test', PAGE_FETCH_TEST_HOSTS: '127.0.0.1:4100, 127.0.0.1:4101' });
    resetConfigForTests();

    // Assess
    expect(config().PAGE_FETCH_TEST_HOSTS).toEqual(['127.0.0.1:4100', '127.0.0.1:4101']);
  });

  it.each(['production', 'development'])('fails the %s configuration, so no private origin is ever let through there', (stage) => {
    // Prepare
    Object.assign(process.env, { STAGE: stage, PAGE_FETCH_TEST_HOSTS: '127.0.0.1:3000' });
    resetConfigForTests();

    // Assess
    expect(() => config()).toThrow(/PAGE_FETCH_TEST_HOSTS/);
  });

  it('is empty when unset', () => {
    // Prepare
    Object.assign(process.env, { STAGE: 'development' });
    delete process.env.PAGE_FETCH_TEST_HOSTS;
    resetConfigForTests();

    // Assess
    expect(config().PAGE_FETCH_TEST_HOSTS).toEqual([]);
  });
});

describe('WEBHOOK_LOOPBACK_HOSTS', () => {
  it.each(['development', 'test'])('lists the local catcher and test receivers in the %s stage', (stage) => {
    // Prepare
    Object.assign(process.env, { STAGE: stage, WEBHOOK_LOOPBACK_HOSTS: 'localhost:3000, 127.0.0.1:3000' });
    resetConfigForTests();

    // Assess
    expect(config().WEBHOOK_LOOPBACK_HOSTS).toEqual(['localhost:3000', '127.0.0.1:3000']);
  });

  it('fails the production configuration, so deliveries never reach a private origin there', () => {
    // Prepare
    Object.assign(process.env, { STAGE: 'production', WEBHOOK_LOOPBACK_HOSTS: '127.0.0.1:3000' });
    resetConfigForTests();

    // Assess
    expect(() => config()).toThrow(/WEBHOOK_LOOPBACK_HOSTS/);
  });
});

describe('Stripe', () => {
  it('points the Stripe client at the local stand-in outside production', () => {
    // Prepare
    Object.assign(process.env, { STAGE: 'development', STRIPE_API_URL: 'http://127.0.0.1:4010', STRIPE_SECRET_KEY: 'sk_test_local', STRIPE_WEBHOOK_SECRET: 'whsec_local' });
    resetConfigForTests();

    // Assess
    expect(config()).toMatchObject({ STRIPE_API_URL: 'http://127.0.0.1:4010', STRIPE_SECRET_KEY: 'sk_test_local', STRIPE_WEBHOOK_SECRET: 'whsec_local' });
  });

  it('fails the production configuration with the stand-in, so charges never go elsewhere than Stripe there', () => {
    // Prepare
    Object.assign(process.env, { STAGE: 'production', STRIPE_API_URL: 'http://127.0.0.1:4010' });
    resetConfigForTests();

    // Assess
    expect(() => config()).toThrow(/STRIPE_API_URL/);
  });

  it('refuses a publishable key where the secret key belongs', () => {
    // Prepare
    Object.assign(process.env, { STRIPE_SECRET_KEY: 'pk_test_local' });
    resetConfigForTests();

    // Assess
    expect(() => config()).toThrow(/STRIPE_SECRET_KEY/);
  });
});
