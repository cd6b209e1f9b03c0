import { createHash } from 'node:crypto';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { PAGES } from './pages.js';

describe('PAGES', () => {
  it('builds each path from its key, parameters or a whole path', () => {
    expect(PAGES.login).toEqual({ path: '/login/:username?', title: 'Login' });
    expect(PAGES.forgetpassword).toEqual({ path: '/forgetpassword', title: 'Forgot password' });
    expect(PAGES.home).toEqual({ path: '/', title: 'Home' });
    expectTypeOf(PAGES.login.path).toEqualTypeOf<'/login/:username?'>();
    expectTypeOf(PAGES.home.path).toEqualTypeOf<'/'>();
    expectTypeOf(PAGES.forgetpassword.title).toEqualTypeOf<'Forgot password'>();
  });

  it('keeps every page, in order, as the table of key: { path, title } entries had it', () => {
    // The hash of the table as it was written out entry by entry before it became rows. Pages
    // added later come after them: issue 23 the privacy policy, the concierge requests and the
    // coaching staff pages; issue 24 the parent's match requests, the carrier screening page and the agency API's keys and webhooks.
    const first = Object.fromEntries(Object.entries(PAGES).slice(0, 79));
    const hash = createHash('sha256').update(JSON.stringify(first)).digest('hex');
    expect(Object.keys(PAGES)).toHaveLength(87);
    expect(hash).toBe('b08f3334f8185b8fa31917b53f615428459151bd4c5284d32701dc1b62e5e059');
    expect(Object.entries(PAGES).slice(79)).toEqual([
      ['privacy-policy', { path: '/privacy-policy', title: 'Privacy policy' }],
      ['conciergerequests', { path: '/conciergerequests', title: 'Concierge requests' }],
      ['coaching-sessions', { path: '/coaching-sessions', title: 'Coaching sessions' }],
      ['coaching-availability', { path: '/coaching-availability', title: 'Coaching hours' }],
      ['mymatches', { path: '/mymatches', title: 'My match requests' }],
      ['carrierscreening', { path: '/carrierscreening/:id?', title: 'Carrier screening' }],
      ['apikeys', { path: '/apikeys', title: 'API keys' }],
      ['webhooks', { path: '/webhooks', title: 'Webhooks' }],
    ]);
  });
});
