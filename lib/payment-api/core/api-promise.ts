/**
 * What every resource method returns: awaits to the envelope's parsed `data`, like a Promise, and
 * offers `.withResponse()` (as openai-node's APIPromise does) for the status, request id and
 * rate-limit headers of the answer.
 */
import type { RateLimitInfo } from "./rate-limit";

export type ApiResponse<T> = {
  data: T;
  /** HTTP status of the answer */
  status: number;
  /** the envelope's request_id, else the X-Request-Id header: quote it to support */
  requestId: string | null;
  rateLimit: RateLimitInfo;
  headers: Headers;
  /** HTTP attempts made, retries and a token renewal included */
  attempts: number;
};

export class ApiPromise<T> implements PromiseLike<T> {
  readonly #response: Promise<ApiResponse<T>>;

  constructor(response: Promise<ApiResponse<T>>) {
    this.#response = response;
  }

  /** The parsed data together with the answer's status, request id, rate-limit info and headers. */
  withResponse(): Promise<ApiResponse<T>> {
    return this.#response;
  }

  then<R1 = T, R2 = never>(
    onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.#response.then((r) => r.data).then(onfulfilled, onrejected);
  }

  catch<R = never>(onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<T | R> {
    return this.then(undefined, onrejected);
  }

  finally(onfinally?: (() => void) | null): Promise<T> {
    return this.then().finally(onfinally);
  }

  get [Symbol.toStringTag]() {
    return "ApiPromise";
  }
}
