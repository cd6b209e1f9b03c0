import {
  DEMO_PASSWORD,
  FAILED_LOGINS_BEFORE_CAPTCHA,
  LOGIN_RATE_MAX_PER_ACCOUNT,
  LOGIN_RATE_MAX_PER_ADDRESS,
  LOGIN_RATE_WINDOW_MS,
  MSG,
  ROLE,
  SIGNUP_LINK_MAX_PER_ADDRESS,
} from '@dm/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solvedCaptcha } from '../../test/codes.js';
import { body, startSiblingApp, startTestApp, type TestApp } from '../../test/harness.js';

/**
 * The login throttle must not let a stranger lock an owner out, and every limit must
 * hold across API processes (they share the database, nothing is counted in memory).
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

// A fresh client address per call unless one is given (an attacker with many addresses).
let address = 0;
const nextIp = () => `10.16.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

function login(
  username: string,
  password: string,
  opts: { ip?: string; captcha?: string; app?: TestApp } = {},
): Promise<LightMyRequestResponse> {
  return (opts.app ?? t).request({
    method: 'POST',
    url: '/api/authenticate',
    payload: { username, password, ...(opts.captcha ? { captcha: opts.captcha } : {}) },
    remoteAddress: opts.ip ?? nextIp(),
  });
}

const WRONG = 'Wrong!2345';
const failed = (captchaRequired: boolean) => ({
  status: 'error',
  message: MSG.LOGIN_FAILED,
  data: { outcome: 'failed', captchaRequired },
});
const showCaptcha = (message: string) => ({ status: 'error', message, data: { outcome: 'showCaptcha' } });
const tooMany = { status: 'error', message: MSG.TOO_MANY_ATTEMPTS, data: null };

// Each test makes tens to a hundred login calls and solves captchas: room for a busy machine.
const SLOW = { timeout: 120_000 };

describe('login lockout is not a weapon', SLOW, () => {
  it("an attacker's 50 wrong passwords without a captcha do not stop the owner who solves one", async () => {
    const attack = async (username: string) => {
      const answers = [];
      for (let i = 0; i < 50; i++) answers.push((await login(username, WRONG)).json());
      return answers;
    };
    const answers = await attack('manager133@demo.test');
    expect(answers.slice(0, FAILED_LOGINS_BEFORE_CAPTCHA)).toEqual([
      failed(false),
      failed(false),
      failed(true),
    ]);
    for (const answer of answers.slice(FAILED_LOGINS_BEFORE_CAPTCHA)) {
      expect(answer).toEqual(showCaptcha(MSG.CAPTCHA_REQUIRED));
    }
    // Decision 004: an account that does not exist is answered exactly alike.
    expect(await attack('nobody133@demo.test')).toEqual(answers);

    const owner = await login('manager133@demo.test', DEMO_PASSWORD, { captcha: await solvedCaptcha(t) });
    expect(owner.statusCode).toBe(200);
    expect(body<{ outcome: string }>(owner).data.outcome).toBe('success');
  });

  it('failures that come with a solved captcha still lock the account; refused ones do not', async () => {
    const user = 'manager36@demo.test';
    for (let i = 0; i < FAILED_LOGINS_BEFORE_CAPTCHA; i++) {
      expect((await login(user, WRONG)).statusCode).toBe(400);
    }
    // Past the threshold: no captcha, or one that does not verify, is refused and not counted.
    for (let i = 0; i < 2 * LOGIN_RATE_MAX_PER_ACCOUNT; i++) {
      const noCaptcha = await login(user, WRONG);
      expect(noCaptcha.json()).toEqual(showCaptcha(MSG.CAPTCHA_REQUIRED));
      const badCaptcha = await login(user, WRONG, { captcha: 'bm90IGEgcGF5bG9hZA==' });
      expect(badCaptcha.json()).toEqual(showCaptcha(MSG.CAPTCHA_INVALID));
    }
    // Wrong passwords with solved captchas count, up to the account limit.
    for (let i = FAILED_LOGINS_BEFORE_CAPTCHA; i < LOGIN_RATE_MAX_PER_ACCOUNT; i++) {
      const res = await login(user, WRONG, { captcha: await solvedCaptcha(t) });
      expect(res.json()).toEqual(failed(true));
    }
    const blocked = await login(user, DEMO_PASSWORD, { captcha: await solvedCaptcha(t) });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(tooMany);
    // The lock lasts the window, and then the owner signs in without a captcha.
    t.clock.advance(LOGIN_RATE_WINDOW_MS + 1000);
    expect((await login(user, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('refused attempts count against the address, which is throttled, not the account', async () => {
    const ip = nextIp();
    const user = 'parent133@demo.test';
    for (let i = 0; i < LOGIN_RATE_MAX_PER_ADDRESS; i++) {
      const res = await login(user, WRONG, { ip });
      expect(res.statusCode).toBe(400);
      expect(body<{ outcome: string }>(res).data.outcome).toBe(
        i < FAILED_LOGINS_BEFORE_CAPTCHA ? 'failed' : 'showCaptcha',
      );
    }
    const fromThere = await login('admin133@demo.test', DEMO_PASSWORD, { ip });
    expect(fromThere.statusCode).toBe(429);
    expect(fromThere.json()).toEqual(tooMany);
    // The owner, elsewhere, is not locked out.
    const owner = await login(user, DEMO_PASSWORD, { captcha: await solvedCaptcha(t) });
    expect(owner.statusCode).toBe(200);
  });
});

describe('two API processes over one database share every limit', SLOW, () => {
  let other: TestApp;
  beforeAll(async () => {
    other = await startSiblingApp(t);
  });
  afterAll(() => other.close());

  it('counts login failures per account and per address across both', async () => {
    const user = 'admin46@demo.test';
    const apps = [t, other];
    for (let i = 0; i < FAILED_LOGINS_BEFORE_CAPTCHA; i++) {
      expect((await login(user, WRONG, { app: apps[i % 2] })).statusCode).toBe(400);
    }
    // The captcha is asked for by the process that saw none of the failures.
    const second = await login(user, DEMO_PASSWORD, { app: other });
    expect(second.json()).toEqual(showCaptcha(MSG.CAPTCHA_REQUIRED));
    for (let i = FAILED_LOGINS_BEFORE_CAPTCHA; i < LOGIN_RATE_MAX_PER_ACCOUNT; i++) {
      const app = apps[i % 2]!;
      expect((await login(user, WRONG, { app, captcha: await solvedCaptcha(app) })).statusCode).toBe(400);
    }
    for (const app of apps) {
      expect((await login(user, DEMO_PASSWORD, { app, captcha: await solvedCaptcha(app) })).statusCode).toBe(
        429,
      );
    }

    const ip = nextIp();
    for (let i = 0; i < LOGIN_RATE_MAX_PER_ADDRESS; i++) {
      await login(`ghost${i}@demo.test`, WRONG, { ip, app: apps[i % 2] });
    }
    for (const app of apps) {
      expect((await login('admin85@demo.test', DEMO_PASSWORD, { ip, app })).statusCode).toBe(429);
    }
  });

  it('spends a captcha solution once across both', async () => {
    const user = 'manager46@demo.test';
    for (let i = 0; i < FAILED_LOGINS_BEFORE_CAPTCHA; i++) await login(user, WRONG);
    const captcha = await solvedCaptcha(t);
    expect((await login(user, WRONG, { captcha, app: t })).json()).toEqual(failed(true));
    const replay = await login(user, DEMO_PASSWORD, { captcha, app: other });
    expect(replay.json()).toEqual(showCaptcha(MSG.CAPTCHA_INVALID));
  });

  it('counts sign-up link requests per address across both', async () => {
    const ip = nextIp();
    const ask = (app: TestApp) =>
      app.request({
        method: 'POST',
        url: '/api/invitedonor',
        payload: { username: 'nobody46@demo.test', user_type: ROLE.DONOR },
        remoteAddress: ip,
      });
    for (let i = 0; i < SIGNUP_LINK_MAX_PER_ADDRESS; i++) {
      expect((await ask(i % 2 ? other : t)).statusCode).toBe(200);
    }
    for (const app of [t, other]) expect((await ask(app)).statusCode).toBe(429);
  });
});
