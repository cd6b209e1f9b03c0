import {
  copyPortfolioBody,
  createPortfolioBody,
  donorCommentsBody,
  donorFeedbackEntry,
  downloadBody,
  feedbackBody,
  feedbackCounts,
  getDonorIdBody,
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
import { requireAuth } from '../../platform/auth-context.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { emptyEnvelope, envelope, ok } from '../../platform/envelope.js';
import * as service from './portfolios.service.js';

/** Building portfolios: case managers (the portfolio list page). */
const EDIT = { access: { pages: ['portfoliolistpage'] as readonly PageKey[] } };
/** Opening one: its managers and its client (the preview page). */
const VIEW = { access: { pages: ['previewshortlist'] as readonly PageKey[] } };
/** The question/consultation dialog of a Pre-Active client, from search and donor pages. */
const ASK = { access: { pages: ['search'] as readonly PageKey[] } };

const idParams = z.object({ id: z.coerce.number().int().positive('Portfolio id is invalid.') });
const withStatus = envelope(z.object({ status: z.enum(PORTFOLIO_STATUSES) }));

/** Portfolios (shortlists), sharing, feedback and comments (search spec section 7). */
export const portfoliosRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  app.get(
    '/getshortlist',
    {
      config: VIEW,
      schema: {
        summary: "The caller's portfolios (?archived=1 adds archived ones for managers)",
        querystring: z.object({ archived: z.enum(['0', '1']).optional() }),
        response: { 200: envelope(z.array(portfolioSummary)) },
      },
    },
    async (request) => ok(await service.list(deps, requireAuth(request), request.query.archived === '1')),
  );

  app.post(
    '/createportfolio',
    {
      config: EDIT,
      schema: {
        summary: 'Creates an empty portfolio; only one new (empty, unassigned) one at a time',
        body: createPortfolioBody,
        response: { 200: envelope(portfolioSummary) },
      },
    },
    async (request) =>
      ok(await service.create(deps, requireAuth(request), request.body.name), MSG.PORTFOLIO_CREATED),
  );

  app.put(
    '/updateportfolio',
    {
      config: EDIT,
      schema: {
        summary: 'Renames a portfolio or sets its status',
        body: updatePortfolioBody,
        response: { 200: envelope(portfolioSummary) },
      },
    },
    async (request) =>
      ok(
        await service.update(deps, requireAuth(request), {
          id: request.body.shortlist_id,
          name: request.body.name,
          status: request.body.status,
        }),
        MSG.CHANGES_SAVED,
      ),
  );

  app.put(
    '/updateshortliststatus/:id',
    {
      config: VIEW,
      schema: {
        summary: 'A client submits (Active to Submitted); managers set the other statuses',
        params: idParams,
        body: statusBody,
        response: { 200: withStatus },
      },
    },
    async (request) => {
      const answer = await service.setStatus(
        deps,
        requireAuth(request),
        request.params.id,
        request.body.status,
      );
      return ok(answer, answer.status === 'Submitted' ? MSG.PORTFOLIO_SUBMIT_DONE : MSG.CHANGES_SAVED);
    },
  );

  app.post(
    '/copynewshortlist',
    {
      config: EDIT,
      schema: {
        summary: 'Copies a portfolio with its donors in order under a new name',
        body: copyPortfolioBody,
        response: { 200: envelope(portfolioSummary) },
      },
    },
    async (request) =>
      ok(
        await service.copy(deps, requireAuth(request), request.body.shortlist_id, request.body.newname),
        MSG.PORTFOLIO_COPIED,
      ),
  );

  app.delete(
    '/deleteportfolio/:id',
    {
      config: EDIT,
      schema: {
        summary: 'Deletes a portfolio (creator or manager)',
        params: idParams,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await service.remove(deps, requireAuth(request), request.params.id);
      return ok(null, MSG.PORTFOLIO_DELETED);
    },
  );

  app.post(
    '/fetchportfoliostatus',
    {
      config: VIEW,
      schema: { summary: "A portfolio's status", body: portfolioIdBody, response: { 200: withStatus } },
    },
    async (request) => ok(await service.status(deps, requireAuth(request), request.body.portfolioId)),
  );

  app.post(
    '/fetchportfolioupdatedtime',
    {
      config: VIEW,
      schema: {
        summary: 'When a portfolio last changed',
        body: portfolioIdBody,
        response: { 200: envelope(z.object({ updatedAt: z.string() })) },
      },
    },
    async (request) => ok(await service.updatedTime(deps, requireAuth(request), request.body.portfolioId)),
  );

  app.post(
    '/checkportfoliofirstview',
    {
      config: VIEW,
      schema: {
        summary: "True the first time the portfolio's client opens it",
        body: portfolioIdBody.extend({ managerId: z.number().optional() }),
        response: { 200: envelope(z.object({ firstView: z.boolean() })) },
      },
    },
    async (request) => ok(await service.firstView(deps, requireAuth(request), request.body.portfolioId)),
  );

  app.post(
    '/getdonorremainingqueuecount',
    {
      config: VIEW,
      schema: {
        summary: 'Open queue places per donor (3 less the queued matches, 0 to 3)',
        body: remainingQueueBody,
        response: { 200: envelope(z.array(remainingQueueItem)) },
      },
    },
    async (request) => ok(await service.remainingQueues(deps, requireAuth(request), request.body.donors)),
  );

  app.get(
    '/getshortlistdonors/:id/populate',
    {
      config: EDIT,
      schema: {
        summary: 'A portfolio with its donors in order, for editing',
        params: idParams,
        response: { 200: envelope(portfolioDetail) },
      },
    },
    async (request) => ok(await service.detail(deps, requireAuth(request), request.params.id, 'populate')),
  );

  app.get(
    '/getshortlistdonors/:id/preview/:sort',
    {
      config: VIEW,
      schema: {
        summary: 'A portfolio with its donors, sorted, with the feedback counts',
        params: idParams.extend({ sort: z.enum(PORTFOLIO_SORTS, { error: 'Sort is invalid.' }) }),
        response: { 200: envelope(portfolioDetail) },
      },
    },
    async (request) =>
      ok(await service.detail(deps, requireAuth(request), request.params.id, 'preview', request.params.sort)),
  );

  app.post(
    '/saveshortlist',
    {
      config: VIEW,
      schema: {
        summary: 'Adds a donor to portfolios (and to a new one with new_item)',
        body: saveShortlistBody,
        response: { 200: envelope(saveShortlistAnswer) },
      },
    },
    async (request) =>
      ok(
        await service.addDonor(deps, requireAuth(request), {
          donorId: request.body.donor_id,
          portfolioIds: request.body.shortlist_ids,
          newName: request.body.new_item,
        }),
        MSG.DONOR_ADDED,
      ),
  );

  app.post(
    '/removedonorfromportfolio',
    {
      config: EDIT,
      schema: {
        summary: 'Removes a donor from a portfolio',
        body: portfolioDonorBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await service.removeDonor(deps, requireAuth(request), request.body.shortlist_id, request.body.donor_id);
      return ok(null, MSG.DONOR_REMOVED_FROM_PORTFOLIO);
    },
  );

  app.post(
    '/updateprevieworder',
    {
      config: VIEW,
      schema: {
        summary: 'Saves the donor order; affectedRows 0 when the portfolio can no longer change',
        body: orderBody,
        response: { 200: envelope(z.object({ affectedRows: z.number() })) },
      },
    },
    async (request) =>
      ok(await service.reorder(deps, requireAuth(request), request.body.listid, request.body.orders)),
  );

  app.post(
    '/getdonorid',
    {
      config: EDIT,
      schema: {
        summary: 'The donors a search finds, to save it as a portfolio (fewer than 150)',
        body: getDonorIdBody,
        response: { 200: envelope(z.object({ ids: z.array(z.number()), count: z.number() })) },
      },
    },
    async (request) => ok(await service.searchDonorIds(deps, requireAuth(request), request.body.filters)),
  );

  app.post(
    '/savesearchasportfolio',
    {
      config: EDIT,
      schema: {
        summary: "A search's donors into a new portfolio (name) or an existing one (shortlist_id)",
        body: saveSearchAsPortfolioBody,
        response: { 200: envelope(saveShortlistAnswer) },
      },
    },
    async (request) =>
      ok(
        await service.saveSearchAsPortfolio(deps, requireAuth(request), {
          name: request.body.name,
          portfolioId: request.body.shortlist_id,
          donorIds: request.body.donor_details,
        }),
        MSG.CHANGES_SAVED,
      ),
  );

  // --- sharing

  app.get(
    '/getclientsmailid/:clientId',
    {
      config: EDIT,
      schema: {
        summary: "A client's e-mail address (same center)",
        params: z.object({ clientId: z.coerce.number().int().positive('Client id is invalid.') }),
        response: { 200: envelope(z.object({ email: z.string() })) },
      },
    },
    async (request) => ok(await service.clientEmail(deps, requireAuth(request), request.params.clientId)),
  );

  app.post(
    '/shareshortlistprofile',
    {
      config: EDIT,
      schema: {
        summary: 'E-mails the portfolio to its client (assigning it when it has none)',
        body: shareWithClientBody,
        response: { 200: envelope(portfolioSummary) },
      },
    },
    async (request) =>
      ok(
        await service.shareWithClient(deps, requireAuth(request), {
          id: request.body.shortlist_id,
          to: request.body.to,
          message: request.body.mailtext,
        }),
        MSG.PORTFOLIO_SHARED,
      ),
  );

  app.post(
    '/shareportfolio',
    {
      config: EDIT,
      schema: {
        summary: 'Shares the portfolio with another case manager of the center (e-mailed)',
        body: shareWithManagerBody,
        response: { 200: envelope(z.array(sharedManager)) },
      },
    },
    async (request) =>
      ok(
        await service.shareWithManager(deps, requireAuth(request), {
          id: request.body.portfolioId,
          managerId: request.body.sharedTo,
          message: request.body.mailText,
        }),
        MSG.PORTFOLIO_SHARED,
      ),
  );

  app.post(
    '/removesharedportfolio',
    {
      config: EDIT,
      schema: {
        summary: 'Stops sharing the portfolio with a case manager',
        body: shareWithManagerBody,
        response: { 200: envelope(z.array(sharedManager)) },
      },
    },
    async (request) =>
      ok(
        await service.unshare(deps, requireAuth(request), request.body.portfolioId, request.body.sharedTo),
        MSG.PORTFOLIO_UNSHARED,
      ),
  );

  app.get(
    '/getsharedtolist/:id',
    {
      config: EDIT,
      schema: {
        summary: 'The case managers a portfolio is shared with',
        params: idParams,
        response: { 200: envelope(z.array(sharedManager)) },
      },
    },
    async (request) => ok(await service.sharedTo(deps, requireAuth(request), request.params.id)),
  );

  app.post(
    '/shortlistupdatenotification',
    {
      config: EDIT,
      schema: {
        summary: "E-mails the portfolio's client that it was updated",
        body: updateNotificationBody.extend({ shared_to: z.number().optional() }),
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await service.notifyUpdate(deps, requireAuth(request), request.body.portfolio_id);
      return ok(null, MSG.NOTIFICATION_SENT);
    },
  );

  // --- feedback and comments

  app.post(
    '/updateclientfeedback',
    {
      config: VIEW,
      schema: {
        summary: "The client's yes/maybe/no on a donor; answers the counts",
        body: feedbackBody,
        response: { 200: envelope(feedbackCounts) },
      },
    },
    async (request) =>
      ok(
        await service.giveFeedback(deps, requireAuth(request), {
          id: request.body.shortlist_id,
          donorId: request.body.donor_id,
          feedback: request.body.feedback,
        }),
        MSG.CHANGES_SAVED,
      ),
  );

  app.post(
    '/getportfoliodonornotes',
    {
      config: VIEW,
      schema: {
        summary: "A portfolio's comments, oldest first",
        body: notesQueryBody,
        response: { 200: envelope(z.array(portfolioNote)) },
      },
    },
    async (request) => ok(await service.notes(deps, requireAuth(request), request.body.portfolio_id)),
  );

  app.get(
    '/getportfoliomessages/:id/:donorId',
    {
      config: VIEW,
      schema: {
        summary: "A portfolio's comments on one donor (donorId 0: all)",
        params: idParams.extend({ donorId: z.coerce.number().int().min(0, 'Donor id is invalid.') }),
        response: { 200: envelope(z.array(portfolioNote)) },
      },
    },
    async (request) =>
      ok(
        await service.notes(
          deps,
          requireAuth(request),
          request.params.id,
          request.params.donorId === 0 ? undefined : request.params.donorId,
        ),
      ),
  );

  app.post(
    '/insportfoliodonornote',
    {
      config: VIEW,
      schema: {
        summary: 'A comment on a donor of the portfolio, or on the whole portfolio',
        body: portfolioCommentBody,
        response: { 200: envelope(portfolioNote) },
      },
    },
    async (request) =>
      ok(
        await service.addComment(deps, requireAuth(request), {
          id: request.body.portfolio,
          donorId: request.body.donor,
          note: request.body.notes,
          overall: request.body.isOverallComment,
        }),
        MSG.COMMENT_SAVED,
      ),
  );

  app.post(
    '/insportfoliodonornotes',
    {
      config: VIEW,
      schema: {
        summary: 'The same comment on one donor in several portfolios',
        body: donorCommentsBody,
        response: { 200: envelope(z.object({ saved: z.number() })) },
      },
    },
    async (request) =>
      ok(
        await service.addCommentToMany(deps, requireAuth(request), {
          ids: request.body.portfolios,
          donorId: request.body.donor_id,
          note: request.body.comment,
        }),
        MSG.COMMENT_SAVED,
      ),
  );

  app.post(
    '/saveipquery',
    {
      config: ASK,
      schema: {
        summary: "A client's question or consultation request, mailed to their case manager",
        body: ipQueryBody,
        response: { 200: envelope(z.object({ id: z.number() })) },
      },
    },
    async (request) =>
      ok(
        await service.askManager(deps, requireAuth(request), {
          type: request.body.query_type,
          query: request.body.query,
          donorId: request.body.donor_id,
        }),
        MSG.QUERY_SENT,
      ),
  );

  app.post(
    '/downloadportfolio',
    {
      config: VIEW,
      schema: {
        summary: 'The portfolio as an .xlsx spreadsheet (base64 in data)',
        body: downloadBody,
        response: { 200: envelope(z.object({ fileName: z.string(), data: z.string() }).nullable()) },
      },
    },
    async (request) => {
      const file = await service.download(deps, requireAuth(request), request.body);
      return file ? ok(file) : ok(null, MSG.NO_DONORS_TO_DOWNLOAD);
    },
  );

  app.get(
    '/getdonorfeedback/:id',
    {
      config: { access: { pages: ['donordetails'] as readonly PageKey[] } },
      schema: {
        summary:
          "Clients' portfolio feedback on one donor (feedback centers; client: own, manager: his portfolios)",
        params: z.object({ id: z.coerce.number().int().positive('Donor id is invalid.') }),
        response: { 200: envelope(z.array(donorFeedbackEntry)) },
      },
    },
    async (request) => ok(await service.donorFeedback(deps, requireAuth(request), request.params.id)),
  );
};
