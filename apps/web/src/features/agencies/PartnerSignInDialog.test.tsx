import { PARTNER_MSG } from '@dm/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fail, ok, renderPage, type StubRequest, sessionUser } from '../../test/render';
import { PartnerSignInDialog } from './PartnerSignInDialog';

const fill = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });

function Opener() {
  const [center, setCenter] = useState<{ id: number; name: string } | null>(null);
  return (
    <>
      <button type="button" onClick={() => setCenter({ id: 85, name: 'Hatch' })}>
        Open
      </button>
      <PartnerSignInDialog center={center} onClose={() => setCenter(null)} />
    </>
  );
}

describe('PartnerSignInDialog', () => {
  it('sends the partner settings and shows a refused key on its field', async () => {
    const { requests } = renderPage(<Opener />, {
      api: {
        me: ok(sessionUser({ userId: 1, username: 'master@demo.test', role: 1, client: null })),
        'partnersignin/85': ok({ audience: 'https://app.test', partner: null }),
        savepartnersignin: (r: StubRequest) =>
          (r.body as { keys: string }).keys.includes('PRIVATE')
            ? fail(400, PARTNER_MSG.PRIVATE_KEY, { field: 'keys' })
            : ok({ audience: 'https://app.test', partner: null }),
      },
    });
    // Opened once the session is in, as from the agencies grid.
    await waitFor(() => expect(requests.some((r) => r.name === 'me')).toBe(true));
    fireEvent.click(await screen.findByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('dialog', { name: 'Partner sign-in: Hatch' })).toBeTruthy();
    expect(await screen.findByText('https://app.test')).toBeTruthy();
    fill(/^Issuer/, 'https://partner.test');
    fill(/^Partner public keys/, '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----');
    fill(/^Partner login URL/, 'https://partner.test/login');
    fireEvent.click(screen.getByRole('switch', { name: /password/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save partner' }));
    expect(await screen.findByText(PARTNER_MSG.PRIVATE_KEY)).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Partner public keys/ }).getAttribute('aria-invalid')).toBe(
        'true',
      ),
    );
    expect(requests.find((r) => r.name === 'savepartnersignin')?.body).toMatchObject({
      center_id: 85,
      enabled: true,
      issuer: 'https://partner.test',
      algorithms: ['RS256', 'ES256'],
      login_url: 'https://partner.test/login',
      password_login: false,
    });
  });
});
