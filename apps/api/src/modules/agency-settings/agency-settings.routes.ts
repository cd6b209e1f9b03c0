import { agencySettingsContract as api, MSG_SETTINGS } from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { route } from '../../platform/routes.js';
import * as fees from './agency-settings.fees.js';
import * as phone from './agency-settings.phone.js';
import * as service from './agency-settings.service.js';

/** Agency settings (/generalconfiguration) and fee options (/feeandpayment), decision 018. */
export const agencySettingsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  route(app, api.accessDetails, {
    run: (auth, { query }) => service.accessDetails(deps, auth, query.center_id),
  });
  route(app, api.managers, { run: (auth, { query }) => service.managers(deps, auth, query.center_id) });
  route(app, api.defaultManager, {
    run: (auth, { query }) => service.defaultManager(deps, auth, query.center_id),
  });
  route(app, api.twilio, { run: (auth, { query }) => phone.agencyTwilio(deps, auth, query.center_id) });
  route(app, api.feeOptions, { run: (auth, { query }) => fees.feeOptions(deps, auth, query.center_id) });

  const saved = MSG_SETTINGS.SAVED;
  route(app, api.firstNameVisibility, {
    run: (auth, { body }) => service.firstNameVisibility(deps, auth, body),
    message: saved,
  });
  route(app, api.ipFormToggle, {
    run: (auth, { body }) => service.ipFormToggle(deps, auth, body),
    message: saved,
  });
  route(app, api.textMessagesToggle, {
    run: (auth, { body }) => service.textMessagesToggle(deps, auth, body),
    message: saved,
  });
  route(app, api.donorTypeVisibility, {
    run: (auth, { body }) => service.donorTypeVisibility(deps, auth, body),
    message: saved,
  });
  route(app, api.donorDetailsAccess, {
    run: (auth, { body }) => service.donorDetailsAccessToggle(deps, auth, body),
    message: saved,
  });
  route(app, api.portfolioDonorCount, {
    run: (auth, { body }) => service.portfolioDonorCount(deps, auth, body),
    message: saved,
  });
  route(app, api.saveDefaultManager, {
    run: (auth, { body }) => service.saveDefaultManager(deps, auth, body),
    message: saved,
  });
  route(app, api.updateTwilio, {
    run: (auth, { body }) => phone.updateAgencyTwilio(deps, auth, body),
    message: MSG_SETTINGS.TWILIO_SAVED,
  });
  route(app, api.requestTwilioChange, {
    run: (auth, { body }) => phone.requestNumberChange(deps, auth, body),
    message: MSG_SETTINGS.REQUEST_SENT,
  });

  route(app, api.compensationVisibility, {
    run: (auth, { body }) => service.compensationVisibility(deps, auth, body),
    message: saved,
  });
  route(app, api.saveFeeOption, {
    run: (auth, { body }) => fees.saveFeeOption(deps, auth, body),
    message: MSG_SETTINGS.OPTION_SAVED,
  });
  route(app, api.removeFeeOption, {
    run: (auth, { body }) => fees.removeFeeOption(deps, auth, body),
    message: MSG_SETTINGS.OPTION_REMOVED,
  });
};
