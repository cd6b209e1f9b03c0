import { endpoint } from '../contract.js';
import {
  carrierCompatibilityBody,
  carrierCompatibilityData,
  carrierIdParams,
  donorPanelBody,
  donorPanelData,
  donorPanelImportBody,
  parentPanelBody,
  parentPanelImportBody,
  parentPanelsData,
} from '../genetics.js';

/** Whoever opens a donor's details (and the staff's donor list) reads the donor's summary. */
const donorReaders = { pages: ['donordetails', 'viewdonor'] } as const;
/** The staff's donor pages: admins and case managers. */
const donorEditors = { pages: ['viewdonor'] } as const;
const parentPages = { pages: ['carrierscreening'] } as const;

/** Carrier-screening compatibility (decision 026). */
export const geneticsContract = {
  donorPanel: endpoint({
    method: 'GET',
    path: '/donorcarrierpanel/:id',
    access: donorReaders,
    summary: "A donor's carrier screening results (variants to the donor's center); reads audited",
    params: carrierIdParams,
    data: donorPanelData,
  }),
  saveDonorPanel: endpoint({
    method: 'POST',
    path: '/donorcarrierpanel/:id',
    access: donorEditors,
    summary: "Staff of the donor's center enter the donor's carrier screening results",
    params: carrierIdParams,
    body: donorPanelBody,
    data: donorPanelData,
  }),
  importDonorPanel: endpoint({
    method: 'POST',
    path: '/donorcarrierpanel/:id/import',
    access: donorEditors,
    summary: "Staff import a lab's CSV export (columns gene, carrier, variant) as the donor's results",
    params: carrierIdParams,
    body: donorPanelImportBody,
    data: donorPanelData,
  }),
  parentPanels: endpoint({
    method: 'GET',
    path: '/parentcarrierpanel/:id',
    access: parentPages,
    summary: "An intended parent's own and sperm source's carrier screening results; staff reads audited",
    params: carrierIdParams,
    data: parentPanelsData,
  }),
  saveParentPanel: endpoint({
    method: 'POST',
    path: '/parentcarrierpanel/:id',
    access: parentPages,
    summary: "The parent (or staff of the parent's center) enters the parent's or the sperm source's results",
    params: carrierIdParams,
    body: parentPanelBody,
    data: parentPanelsData,
  }),
  importParentPanel: endpoint({
    method: 'POST',
    path: '/parentcarrierpanel/:id/import',
    access: parentPages,
    summary:
      "The parent (or staff of the parent's center) import a lab's CSV export as one of the parent's panels",
    params: carrierIdParams,
    body: parentPanelImportBody,
    data: parentPanelsData,
  }),
  compatibility: endpoint({
    method: 'POST',
    path: '/carriercompatibility',
    access: { pages: ['search', 'donordetails'] },
    summary: "Donors' carrier screening compared with the parent's (staff: a client's) results",
    body: carrierCompatibilityBody,
    data: carrierCompatibilityData,
  }),
};
