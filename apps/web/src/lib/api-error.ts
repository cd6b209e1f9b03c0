// Apart from the wrapper, so components can tell an API refusal from other errors without
// importing the request wrapper itself (their calls go through their feature's queries module).
/** An error answer of the API, with the envelope message and HTTP status. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}
