/**
 * The one way an action's field errors reach a react-hook-form form: each message is set on its
 * field (by dotted path, as the action's zod schema named it), only for the fields `fields` lists when
 * it is given (an action may name fields this form does not show). Returns whether any was set.
 */
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import type { ActionError } from "@/lib/actions/result";

export function applyFieldErrors<V extends FieldValues>(setError: UseFormSetError<V>, error: Pick<ActionError, "fieldErrors">, fields?: readonly Path<V>[]): boolean {
  let set = false;
  for (const [field, message] of Object.entries(error.fieldErrors ?? {})) {
    if (fields && !fields.includes(field as Path<V>)) continue;
    setError(field as Path<V>, { message });
    set = true;
  }
  return set;
}
