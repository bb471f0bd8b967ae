"use client";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { useI18n } from "@/components/providers/i18n-provider";

export type FormErrorValue = { message: string; requestId?: string } | null;

/** A form's refusal in the member's words, with the Payment API's request id to quote to support. */
export function FormError({ error }: { error: FormErrorValue }) {
  const { t } = useI18n();
  if (!error) return null;
  return (
    <Alert variant="destructive">
      <AlertDescription>
        {error.message}
        {error.requestId && <span className="mt-1 block text-xs">{t("apiErrors.requestId", { requestId: error.requestId })}</span>}
      </AlertDescription>
    </Alert>
  );
}
