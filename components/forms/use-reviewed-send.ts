"use client";
/**
 * The one flow of a form that sends money: "Review" checks the form and shows what will leave;
 * "Send" calls the action once (asking for the password again when the last proof is old). A refusal
 * comes back above the form, with each field's message on its field, and returns to the form (except
 * when the member cancelled the password prompt: the review stays). Only a success leaves the review
 * and calls `sent`.
 */
import { useState } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { applyFieldErrors } from "@/components/forms/field-errors";
import { useReauth } from "@/components/security/reauth-provider";
import type { FormErrorValue } from "@/components/ui/form-error";
import type { ActionResult } from "@/lib/actions/result";

export function useReviewedSend<V extends FieldValues, R>(form: UseFormReturn<V>, request: (values: V) => Promise<ActionResult<R>>, sent: (data: R, values: V) => void) {
  const withReauth = useReauth();
  const [pending, setPending] = useState(false);
  const [review, setReview] = useState<V | null>(null);
  const [formError, setFormError] = useState<FormErrorValue>(null);

  const onReview = form.handleSubmit((values) => {
    setFormError(null);
    setReview(values);
  });

  const send = async () => {
    if (!review || pending) return;
    setPending(true);
    try {
      const result = await withReauth(() => request(review));
      if (!result.ok) {
        setFormError({ message: result.error.message, requestId: result.error.requestId });
        applyFieldErrors(form.setError, result.error);
        if (result.error.code !== "REAUTH_CANCELLED") setReview(null);
        return;
      }
      setReview(null);
      sent(result.data, review);
    } finally {
      setPending(false);
    }
  };

  return { review, edit: () => setReview(null), pending, formError, onReview, send };
}
