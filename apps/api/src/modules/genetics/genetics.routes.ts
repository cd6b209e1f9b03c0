import {
  CARRIER_MSG,
  carrierCompatibilityBody,
  carrierCompatibilityData,
  carrierIdParams,
  donorPanelBody,
  donorPanelData,
  donorPanelImportBody,
  type PageKey,
  parentPanelBody,
  parentPanelImportBody,
  parentPanelsData,
} from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { jsonRoute } from '../../platform/routes.js';
import * as service from './genetics.service.js';

/** Whoever opens a donor's details (and the staff's donor list) reads the donor's summary. */
const DONOR_READERS: readonly PageKey[] = ['donordetails', 'viewdonor'];
/** The staff's donor pages: admins and case managers. */
const DONOR_EDITORS: readonly PageKey[] = ['viewdonor'];
const PARENT_PAGES: readonly PageKey[] = ['carrierscreening'];

/** Carrier-screening compatibility (decision 026). */
export const geneticsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  jsonRoute(app, 'GET /donorcarrierpanel/:id', DONOR_READERS, {
    summary: "A donor's carrier screening results (variants to the donor's center); reads audited",
    params: carrierIdParams,
    data: donorPanelData,
    run: (auth, { params }) => service.donorPanel(deps, auth, params.id),
  });

  jsonRoute(app, 'POST /donorcarrierpanel/:id', DONOR_EDITORS, {
    summary: "Staff of the donor's center enter the donor's carrier screening results",
    params: carrierIdParams,
    body: donorPanelBody,
    data: donorPanelData,
    message: CARRIER_MSG.SAVED,
    run: (auth, { params, body }) => service.saveDonorPanel(deps, auth, params.id, body.panel),
  });

  jsonRoute(app, 'POST /donorcarrierpanel/:id/import', DONOR_EDITORS, {
    summary: "Staff import a lab's CSV export (columns gene, carrier, variant) as the donor's results",
    params: carrierIdParams,
    body: donorPanelImportBody,
    data: donorPanelData,
    message: (answer) => CARRIER_MSG.IMPORTED(answer.panel?.tested.length ?? 0),
    run: (auth, { params, body }) => service.importDonorPanel(deps, auth, params.id, body),
  });

  jsonRoute(app, 'GET /parentcarrierpanel/:id', PARENT_PAGES, {
    summary: "An intended parent's own and sperm source's carrier screening results; staff reads audited",
    params: carrierIdParams,
    data: parentPanelsData,
    run: (auth, { params }) => service.parentPanels(deps, auth, params.id),
  });

  jsonRoute(app, 'POST /parentcarrierpanel/:id', PARENT_PAGES, {
    summary: "The parent (or staff of the parent's center) enters the parent's or the sperm source's results",
    params: carrierIdParams,
    body: parentPanelBody,
    data: parentPanelsData,
    message: CARRIER_MSG.SAVED,
    run: (auth, { params, body }) => service.saveParentPanel(deps, auth, params.id, body),
  });

  jsonRoute(app, 'POST /parentcarrierpanel/:id/import', PARENT_PAGES, {
    summary:
      "The parent (or staff of the parent's center) import a lab's CSV export as one of the parent's panels",
    params: carrierIdParams,
    body: parentPanelImportBody,
    data: parentPanelsData,
    message: (answer, { body }) => CARRIER_MSG.IMPORTED(answer[body.kind]?.tested.length ?? 0),
    run: (auth, { params, body }) => service.importParentPanel(deps, auth, params.id, body),
  });

  jsonRoute(app, 'POST /carriercompatibility', ['search', 'donordetails'], {
    summary: "Donors' carrier screening compared with the parent's (staff: a client's) results",
    body: carrierCompatibilityBody,
    data: carrierCompatibilityData,
    run: (auth, { body }) => service.compatibility(deps, auth, body),
  });
};
