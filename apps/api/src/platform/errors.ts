import { MSG } from '@dm/shared';

/** An error the client should see: HTTP status plus the envelope message (spec wording). */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, data: unknown = null) => new AppError(400, message, data);
/** 401 with one of the session codes the web wrapper understands ('login', 'relogin', ...). */
export const unauthenticated = (message: string = MSG.NO_TOKEN) => new AppError(401, message);
/** 403; `data` may name where the page table sends the caller instead ({ redirect: '/notpaid' }). */
export const forbidden = (message: string = MSG.UNAUTHORIZED, data: unknown = null) =>
  new AppError(403, message, data);
export const notFound = (message: string = MSG.NOT_FOUND) => new AppError(404, message);
export const conflict = (message: string, data: unknown = null) => new AppError(409, message, data);
export const tooManyRequests = (message: string) => new AppError(429, message);
