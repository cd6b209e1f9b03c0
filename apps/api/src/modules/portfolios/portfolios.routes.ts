import {
  copyPortfolioBody,
  createPortfolioBody,
  donorCommentsBody,
  donorFeedbackEntry,
  downloadBody,
  feedbackBody,
  feedbackCounts,
  getDonorIdBody,
  idSchema,
  ipQueryBody,
  MSG,
  notesQueryBody,
  orderBody,
  type PageKey,
  PORTFOLIO_SORTS,
  PORTFOLIO_STATUSES,
  portfolioCommentBody,
  portfolioDetail,
  portfolioDonorBody,
  portfolioIdBody,
  portfolioNote,
  portfolioSummary,
  remainingQueueBody,
  remainingQueueItem,
  saveSearchAsPortfolioBody,
  saveShortlistAnswer,
  saveShortlistBody,
  sharedManager,
  shareWithClientBody,
  shareWithManagerBody,
  statusBody,
  updateNotificationBody,
  updatePortfolioBody,
} from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { jsonRoute } from '../../platform/routes.js';
import * as feedback from './portfolios.feedback.js';
import * as service from './portfolios.service.js';
import * as sharing from './portfolios.sharing.js';
import * as view from './portfolios.view.js';

/** Building portfolios: case managers (the portfolio list page). */
const EDIT: readonly PageKey[] = ['portfoliolistpage'];
/** Opening one: its managers and its client (the preview page). */
const VIEW: readonly PageKey[] = ['previewshortlist'];
/** The question/consultation dialog of a Pre-Active client, from search and donor pages. */
const ASK: readonly PageKey[] = ['search'];

const idParams = z.object({ id: idSchema({ label: 'Portfolio id' }) });
const withStatus = z.object({ status: z.enum(PORTFOLIO_STATUSES) });

/** Portfolios (shortlists), sharing, feedback and comments (search spec section 7). */
export const portfoliosRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  jsonRoute(app, 'GET /getshortlist', VIEW, {
    summary: "The caller's portfolios (?archived=1 adds archived ones for managers)",
    querystring: z.object({ archived: z.enum(['0', '1']).optional() }),
    data: z.array(portfolioSummary),
    run: (auth, { query }) => service.list(deps, auth, query.archived === '1'),
  });

  jsonRoute(app, 'POST /createportfolio', EDIT, {
    summary: 'Creates an empty portfolio; only one new (empty, unassigned) one at a time',
    body: createPortfolioBody,
    data: portfolioSummary,
    run: (auth, { body }) => service.create(deps, auth, body.name),
    message: MSG.PORTFOLIO_CREATED,
  });

  jsonRoute(app, 'PUT /updateportfolio', EDIT, {
    summary: 'Renames a portfolio or sets its status',
    body: updatePortfolioBody,
    data: portfolioSummary,
    run: (auth, { body }) =>
      service.update(deps, auth, { id: body.shortlist_id, name: body.name, status: body.status }),
    message: MSG.CHANGES_SAVED,
  });

  jsonRoute(app, 'PUT /updateshortliststatus/:id', VIEW, {
    summary: 'A client submits (Active to Submitted); managers set the other statuses',
    params: idParams,
    body: statusBody,
    data: withStatus,
    run: (auth, { params, body }) => service.setStatus(deps, auth, params.id, body.status),
    message: (answer) => (answer.status === 'Submitted' ? MSG.PORTFOLIO_SUBMIT_DONE : MSG.CHANGES_SAVED),
  });

  jsonRoute(app, 'POST /copynewshortlist', EDIT, {
    summary: 'Copies a portfolio with its donors in order under a new name',
    body: copyPortfolioBody,
    data: portfolioSummary,
    run: (auth, { body }) => service.copy(deps, auth, body.shortlist_id, body.newname),
    message: MSG.PORTFOLIO_COPIED,
  });

  jsonRoute(app, 'DELETE /deleteportfolio/:id', EDIT, {
    summary: 'Deletes a portfolio (creator or manager)',
    params: idParams,
    data: null,
    run: (auth, { params }) => service.remove(deps, auth, params.id),
    message: MSG.PORTFOLIO_DELETED,
  });

  jsonRoute(app, 'POST /fetchportfoliostatus', VIEW, {
    summary: "A portfolio's status",
    body: portfolioIdBody,
    data: withStatus,
    run: (auth, { body }) => service.status(deps, auth, body.portfolioId),
  });

  jsonRoute(app, 'POST /fetchportfolioupdatedtime', VIEW, {
    summary: 'When a portfolio last changed',
    body: portfolioIdBody,
    data: z.object({ updatedAt: z.string() }),
    run: (auth, { body }) => service.updatedTime(deps, auth, body.portfolioId),
  });

  jsonRoute(app, 'POST /checkportfoliofirstview', VIEW, {
    summary: "True the first time the portfolio's client opens it",
    body: portfolioIdBody.extend({ managerId: idSchema().optional() }),
    data: z.object({ firstView: z.boolean() }),
    run: (auth, { body }) => view.firstView(deps, auth, body.portfolioId),
  });

  jsonRoute(app, 'POST /getdonorremainingqueuecount', VIEW, {
    summary: 'Open queue places per donor (3 less the queued matches, 0 to 3)',
    body: remainingQueueBody,
    data: z.array(remainingQueueItem),
    run: (auth, { body }) => view.remainingQueues(deps, auth, body.donors),
  });

  jsonRoute(app, 'GET /getshortlistdonors/:id/populate', EDIT, {
    summary: 'A portfolio with its donors in order, for editing',
    params: idParams,
    data: portfolioDetail,
    run: (auth, { params }) => view.detail(deps, auth, params.id, 'populate'),
  });

  jsonRoute(app, 'GET /getshortlistdonors/:id/preview/:sort', VIEW, {
    summary: 'A portfolio with its donors, sorted, with the feedback counts',
    params: idParams.extend({ sort: z.enum(PORTFOLIO_SORTS, { error: 'Sort is invalid.' }) }),
    data: portfolioDetail,
    run: (auth, { params }) => view.detail(deps, auth, params.id, 'preview', params.sort),
  });

  jsonRoute(app, 'POST /saveshortlist', VIEW, {
    summary: 'Adds a donor to portfolios (and to a new one with new_item)',
    body: saveShortlistBody,
    data: saveShortlistAnswer,
    run: (auth, { body }) =>
      service.addDonor(deps, auth, {
        donorId: body.donor_id,
        portfolioIds: body.shortlist_ids,
        newName: body.new_item,
      }),
    message: MSG.DONOR_ADDED,
  });

  jsonRoute(app, 'POST /removedonorfromportfolio', EDIT, {
    summary: 'Removes a donor from a portfolio',
    body: portfolioDonorBody,
    data: null,
    run: (auth, { body }) => service.removeDonor(deps, auth, body.shortlist_id, body.donor_id),
    message: MSG.DONOR_REMOVED_FROM_PORTFOLIO,
  });

  jsonRoute(app, 'POST /updateprevieworder', VIEW, {
    summary: 'Saves the donor order; affectedRows 0 when the portfolio can no longer change',
    body: orderBody,
    data: z.object({ affectedRows: z.number() }),
    run: (auth, { body }) => service.reorder(deps, auth, body.listid, body.orders),
  });

  jsonRoute(app, 'POST /getdonorid', EDIT, {
    summary: 'The donors a search finds, to save it as a portfolio (fewer than 150)',
    body: getDonorIdBody,
    data: z.object({ ids: z.array(z.number()), count: z.number() }),
    run: (auth, { body }) => service.searchDonorIds(deps, auth, body.filters),
  });

  jsonRoute(app, 'POST /savesearchasportfolio', EDIT, {
    summary: "A search's donors into a new portfolio (name) or an existing one (shortlist_id)",
    body: saveSearchAsPortfolioBody,
    data: saveShortlistAnswer,
    run: (auth, { body }) =>
      service.saveSearchAsPortfolio(deps, auth, {
        name: body.name,
        portfolioId: body.shortlist_id,
        donorIds: body.donor_details,
      }),
    message: MSG.CHANGES_SAVED,
  });

  // --- sharing

  jsonRoute(app, 'GET /getclientsmailid/:clientId', EDIT, {
    summary: "A client's e-mail address (same center)",
    params: z.object({ clientId: idSchema({ label: 'Client id' }) }),
    data: z.object({ email: z.string() }),
    run: (auth, { params }) => sharing.clientEmail(deps, auth, params.clientId),
  });

  jsonRoute(app, 'POST /shareshortlistprofile', EDIT, {
    summary: 'E-mails the portfolio to its client (assigning it when it has none)',
    body: shareWithClientBody,
    data: portfolioSummary,
    run: (auth, { body }) =>
      sharing.shareWithClient(deps, auth, { id: body.shortlist_id, to: body.to, message: body.mailtext }),
    message: MSG.PORTFOLIO_SHARED,
  });

  jsonRoute(app, 'POST /shareportfolio', EDIT, {
    summary: 'Shares the portfolio with another case manager of the center (e-mailed)',
    body: shareWithManagerBody,
    data: z.array(sharedManager),
    run: (auth, { body }) =>
      sharing.shareWithManager(deps, auth, {
        id: body.portfolioId,
        managerId: body.sharedTo,
        message: body.mailText,
      }),
    message: MSG.PORTFOLIO_SHARED,
  });

  jsonRoute(app, 'POST /removesharedportfolio', EDIT, {
    summary: 'Stops sharing the portfolio with a case manager',
    body: shareWithManagerBody,
    data: z.array(sharedManager),
    run: (auth, { body }) => sharing.unshare(deps, auth, body.portfolioId, body.sharedTo),
    message: MSG.PORTFOLIO_UNSHARED,
  });

  jsonRoute(app, 'GET /getsharedtolist/:id', EDIT, {
    summary: 'The case managers a portfolio is shared with',
    params: idParams,
    data: z.array(sharedManager),
    run: (auth, { params }) => sharing.sharedTo(deps, auth, params.id),
  });

  jsonRoute(app, 'POST /shortlistupdatenotification', EDIT, {
    summary: "E-mails the portfolio's client that it was updated",
    body: updateNotificationBody.extend({ shared_to: idSchema().optional() }),
    data: null,
    run: (auth, { body }) => sharing.notifyUpdate(deps, auth, body.portfolio_id),
    message: MSG.NOTIFICATION_SENT,
  });

  // --- feedback and comments

  jsonRoute(app, 'POST /updateclientfeedback', VIEW, {
    summary: "The client's yes/maybe/no on a donor; answers the counts",
    body: feedbackBody,
    data: feedbackCounts,
    run: (auth, { body }) =>
      feedback.giveFeedback(deps, auth, {
        id: body.shortlist_id,
        donorId: body.donor_id,
        feedback: body.feedback,
      }),
    message: MSG.CHANGES_SAVED,
  });

  jsonRoute(app, 'POST /getportfoliodonornotes', VIEW, {
    summary: "A portfolio's comments, oldest first",
    body: notesQueryBody,
    data: z.array(portfolioNote),
    run: (auth, { body }) => feedback.notes(deps, auth, body.portfolio_id),
  });

  jsonRoute(app, 'GET /getportfoliomessages/:id/:donorId', VIEW, {
    summary: "A portfolio's comments on one donor (donorId 0: all)",
    params: idParams.extend({ donorId: idSchema({ label: 'Donor id', orZero: true }) }),
    data: z.array(portfolioNote),
    run: (auth, { params }) =>
      feedback.notes(deps, auth, params.id, params.donorId === 0 ? undefined : params.donorId),
  });

  jsonRoute(app, 'POST /insportfoliodonornote', VIEW, {
    summary: 'A comment on a donor of the portfolio, or on the whole portfolio',
    body: portfolioCommentBody,
    data: portfolioNote,
    run: (auth, { body }) =>
      feedback.addComment(deps, auth, {
        id: body.portfolio,
        donorId: body.donor,
        note: body.notes,
        overall: body.isOverallComment,
      }),
    message: MSG.COMMENT_SAVED,
  });

  jsonRoute(app, 'POST /insportfoliodonornotes', VIEW, {
    summary: 'The same comment on one donor in several portfolios',
    body: donorCommentsBody,
    data: z.object({ saved: z.number() }),
    run: (auth, { body }) =>
      feedback.addCommentToMany(deps, auth, {
        ids: body.portfolios,
        donorId: body.donor_id,
        note: body.comment,
      }),
    message: MSG.COMMENT_SAVED,
  });

  jsonRoute(app, 'POST /saveipquery', ASK, {
    summary: "A client's question or consultation request, mailed to their case manager",
    body: ipQueryBody,
    data: z.object({ id: z.number() }),
    run: (auth, { body }) =>
      feedback.askManager(deps, auth, { type: body.query_type, query: body.query, donorId: body.donor_id }),
    message: MSG.QUERY_SENT,
  });

  jsonRoute(app, 'POST /downloadportfolio', VIEW, {
    summary: 'The portfolio as an .xlsx spreadsheet (base64 in data)',
    body: downloadBody,
    data: z.object({ fileName: z.string(), data: z.string() }).nullable(),
    run: (auth, { body }) => view.download(deps, auth, body),
    message: (file) => (file ? '' : MSG.NO_DONORS_TO_DOWNLOAD),
  });

  jsonRoute(app, 'GET /getdonorfeedback/:id', ['donordetails'], {
    summary:
      "Clients' portfolio feedback on one donor (feedback centers; client: own, manager: his portfolios)",
    params: z.object({ id: idSchema({ label: 'Donor id' }) }),
    data: z.array(donorFeedbackEntry),
    run: (auth, { params }) => feedback.donorFeedback(deps, auth, params.id),
  });
};
