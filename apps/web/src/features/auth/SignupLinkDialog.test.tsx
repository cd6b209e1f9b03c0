import { MSG, ROLE } from '@dm/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok, renderPage } from '../../test/render';
import { SignupLinkForm } from './SignupLinkDialog';

describe('SignupLinkForm (POST invitedonor)', () => {
  it('checks the address itself, then sends the type chosen and shows the fixed answer', async () => {
    const { requests } = renderPage(<SignupLinkForm />, {
      api: { me: fail(401, MSG.NO_TOKEN), invitedonor: ok(null, MSG.SIGNUP_LINK_SENT) },
    });
    const email = await screen.findByRole('textbox', { name: /Email address/ });
    fireEvent.change(email, { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send sign-up link' }));
    expect(await screen.findByText(MSG.INVALID_EMAIL)).toBeTruthy();
    expect(requests.some((r) => r.name === 'invitedonor')).toBe(false);

    fireEvent.change(email, { target: { value: 'wanda@invite.test' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Intended parent' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send sign-up link' }));
    expect(await screen.findByText(MSG.SIGNUP_LINK_SENT)).toBeTruthy();
    const sent = requests.find((r) => r.name === 'invitedonor')!;
    expect(sent.body).toEqual({ username: 'wanda@invite.test', user_type: ROLE.CLIENT });
  });

  it('shows a refusal (too many requests) inline', async () => {
    renderPage(<SignupLinkForm initialEmail="wanda@invite.test" />, {
      api: { me: fail(401, MSG.NO_TOKEN), invitedonor: fail(429, MSG.TOO_MANY_REQUESTS) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Send sign-up link' }));
    await waitFor(() => expect(screen.getByText(MSG.TOO_MANY_REQUESTS)).toBeTruthy());
  });
});
