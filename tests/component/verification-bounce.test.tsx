/**
 * The notice that a code bounced arrives over the socket after the send's answer. A socket that
 * dropped meanwhile loses it: once it is back, the page asks the server about the last send, so
 * the notice still shows (a full test run once timed out waiting for it in the browser).
 */
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ZSendVerificationResponse } from '../../shared/schemas/account.js';
import { dispatchSocketReconnected } from '../../web/src/realtime/socket.js';
import { useVerification } from '../../web/src/verification/use-verification.js';
import { installFakeApi } from './fake-api.js';
import { signIn } from './render-page.js';

const API = '/api/v1/pageBasedAPI/settings/account';
const LOGIN = 'ann@example.com';
const NEW_EMAIL = 'bounce@simulator.amazonses.com';

function ChangeEmail() {
  const verification = useVerification({ login: LOGIN, force: false });
  return (
    <>
      <button type="button" onClick={() => void verification.submitNewEmail(NEW_EMAIL)}>Send</button>
      <p data-testid="mode">{verification.mode}</p>
      <p data-testid="bounce">{verification.bounce?.message ?? 'no bounce'}</p>
    </>
  );
}

describe('verification bounce notice', () => {
  it('asks about the last send when the socket is back, and shows the bounce it missed', async () => {
    // Prepare: the code to the new address is sent; its bounce happened while the socket was down.
    signIn();
    const api = installFakeApi();
    const lastSend = { success: true, lastSendTime: null, createTime: null, verificationBounceMessage: null, verificationBounceDetails: null };
    api.on('POST', `${API}/send-account-verification`, ZSendVerificationResponse).answer(() => ({ ...lastSend, email: LOGIN }));
    let bounced = false;
    api.on('POST', `${API}/change-email-verifying`, ZSendVerificationResponse).answer(() => ({
      ...lastSend,
      email: NEW_EMAIL,
      lastSendTime: new Date().toISOString(),
      verificationBounceMessage: bounced ? `We couldn't deliver the last code to ${NEW_EMAIL}.` : null,
    }));
    render(<ChangeEmail />);
    await act(async () => screen.getByRole('button', { name: 'Send' }).click());
    expect((await screen.findByTestId('mode')).textContent).toBe('verify');
    expect(screen.getByTestId('bounce').textContent).toBe('no bounce');
    bounced = true;

    // Act
    act(() => dispatchSocketReconnected());

    // Assess
    expect(await screen.findByText(`We couldn't deliver the last code to ${NEW_EMAIL}.`)).toBeTruthy();
    const asked = api.sent('POST', `${API}/change-email-verifying`).at(-1);
    expect(asked?.body).toEqual({ email: NEW_EMAIL, force: false, checkLastSendTimeOnly: true });
  });
});
