import {
  PARTNER_MSG,
  partnerCenterParams,
  removePartnerSignInBody,
  SSO_ALGORITHMS,
  savePartnerSignInBody,
} from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { callRoutes, jsonRoute } from '../../platform/routes.js';
import * as service from './partners.service.js';

const partnerSchema = z.object({
  centerId: z.number(),
  enabled: z.boolean(),
  issuer: z.string(),
  keys: z.string(),
  algorithms: z.array(z.enum(SSO_ALGORITHMS)),
  loginUrl: z.string(),
  passwordLogin: z.boolean(),
  updatedAt: z.string(),
});
const answerSchema = z.object({ audience: z.string(), partner: partnerSchema.nullable() });

/**
 * The master admin's partner sign-in settings per center (decision 019). The sign-in itself,
 * POST tokensignin, is an auth route: it sets the session cookie as the password login does.
 */
export const partnersRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  jsonRoute(app, 'GET /partnersignin/:center', ['agencylist'], {
    summary: "A center's trusted partner for single sign-on (null: none), and the audience its tokens carry",
    params: partnerCenterParams,
    data: answerSchema,
    run: (_auth, { params }) => service.partnerSignIn(deps, params.center),
  });

  callRoutes(app, deps, { pages: ['agencylist'] }, [
    [
      '/savepartnersignin',
      "Trust a partner site to sign a center's users in: issuer, public keys, algorithms, login page",
      savePartnerSignInBody,
      answerSchema,
      PARTNER_MSG.SAVED,
      service.savePartnerSignIn,
    ],
    [
      '/removepartnersignin',
      "Stop trusting a center's partner site",
      removePartnerSignInBody,
      null,
      PARTNER_MSG.REMOVED,
      service.removePartnerSignIn,
    ],
  ]);
};
