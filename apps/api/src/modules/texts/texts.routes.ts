import {
  archivedClientNotificationBody,
  MSG,
  otpSent,
  sendOtpBody,
  textVisibilityParams,
  verifyContactBody,
} from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { jsonRoute, publicRoute } from '../../platform/routes.js';
import { outboxText, textVisibility } from './texts.schemas.js';
import * as service from './texts.service.js';

/**
 * Text messages and one-time codes. The code calls are open: sign-up verifies a
 * number before there is an account.
 */
export const textsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  // The spec's spelling (resendmoileotp) and the corrected one answer alike.
  for (const url of ['/sendotpcontact', '/resendmoileotp', '/resendmobileotp'] as const) {
    publicRoute(app, `POST ${url}`, {
      summary:
        url === '/sendotpcontact'
          ? "Text a 6-digit code to a number from the agency's number (rate limited per number and address)"
          : 'Text a new code to the number (30 s after a send, 10 s after a refusal)',
      body: sendOtpBody,
      data: otpSent,
      message: MSG.OTP_SENT,
      run: ({ body, ip }) => service.sendCode(deps, body, ip),
    });
  }

  publicRoute(app, 'POST /verifycontact', {
    summary: 'Check the code texted to a number (10 minutes, 5 wrong tries)',
    body: verifyContactBody,
    data: null,
    message: MSG.OTP_VERIFIED,
    run: ({ body }) => service.verifyCode(deps, body),
  });

  publicRoute(app, 'GET /checktextmessagesvisibility/:centerId', {
    summary: 'Whether the agency sends text messages (data[0].receive_text_messages)',
    params: textVisibilityParams,
    data: textVisibility,
    run: ({ params }) => service.textVisibility(deps, params.centerId),
  });

  publicRoute(app, 'POST /sendarchivedclientnotification', {
    summary:
      'An archived intended parent asks to be reactivated: her case manager or agency admins are notified (same answer whatever the account)',
    body: archivedClientNotificationBody,
    data: null,
    message: MSG.ARCHIVED_NOTIFICATION_SENT,
    run: ({ body, ip }) => service.archivedClientNotice(deps, body, ip),
  });

  // A development tool: a production process does not have the route at all (decision 009).
  if (!deps.config.production)
    jsonRoute(
      app,
      'GET /devtextoutbox',
      { signedIn: true },
      {
        summary: 'The local text outbox (development, SMS_TRANSPORT=outbox); a body only for its recipient',
        data: z.array(outboxText),
        run: (auth, { ip }) => service.devTextOutbox(deps, auth, ip),
      },
    );
};
