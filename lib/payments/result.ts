/**
 * The result shape shared by every decoder and validator in lib/payments.
 *
 * Decoders return a value or a typed error instead of throwing, because their
 * input comes from people (a pasted BR Code, a typed CLABE) and a failure is an
 * expected outcome the UI must explain. Builders, whose input comes from our
 * own code, throw instead (see each builder).
 */
export type Ok<T> = { ok: true; value: T };
export type Err<E> = { ok: false; error: E };
export type Result<T, E> = Ok<T> | Err<E>;

/** An error with a machine-readable code, a human English message and, where it helps, the offending field. */
export type CodecError<C extends string> = { code: C; message: string; field?: string };

export function ok<T>(value: T): Ok<T> {
  return { ok: true, value };
}

export function err<C extends string>(code: C, message: string, field?: string): Err<CodecError<C>> {
  return { ok: false, error: field === undefined ? { code, message } : { code, message, field } };
}
