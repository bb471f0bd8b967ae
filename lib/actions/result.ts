/** What every server action answers: data, or an error meant for the person using the dashboard. */
export type ActionError = {
  code: string;
  /** already in the caller's language */
  message: string;
  /** per field, by dotted path (`payer.address.zipCode`), in the caller's language */
  fieldErrors?: Record<string, string>;
  /** quoted to support for unexpected failures */
  reference?: string;
  /** the Payment API's request id when the failure came from it */
  requestId?: string;
};

export type ActionResult<T> = { ok: true; data: T } | { ok: false; error: ActionError };
