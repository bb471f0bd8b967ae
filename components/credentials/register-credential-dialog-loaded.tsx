"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { FormField } from "@/components/ui/form-field";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { toast } from "@/components/ui/toast";
import { useI18n } from "@/components/providers/i18n-provider";
import { translateKeyOrText } from "@/lib/i18n/translate";
import { credentialFormSchema, type CredentialForm } from "@/lib/credentials/form-schema";
import { registerCredentialAction } from "@/app/(dashboard)/settings/credentials/actions";
import { useReauth } from "@/components/security/reauth-provider";
import { applyFieldErrors } from "@/components/forms/field-errors";
import { useFocusOnMount } from "@/components/ui/lazy-trigger";
import { RegisterCredentialButton, type RegisterCredentialProps } from "./register-credential-dialog";

/**
 * Register a credential the provider issued. The secrets are typed here, sent once to the server
 * action, sealed there, and never come back: the list shows their last characters only.
 */
export function RegisterCredentialDialog({ defaultBaseUrls, allowedBaseUrls, defaultOpen = false, focusTrigger }: RegisterCredentialProps & { defaultOpen?: boolean; focusTrigger?: boolean }) {
  const { t } = useI18n();
  const router = useRouter();
  const [open, setOpen] = useState(defaultOpen);
  const triggerRef = useFocusOnMount<HTMLButtonElement>(focusTrigger);
  const [pending, startTransition] = useTransition();
  const [formError, setFormError] = useState<string | null>(null);
  const withReauth = useReauth();
  const blank: CredentialForm = { name: "", environment: "sandbox", baseUrl: defaultBaseUrls.sandbox, clientId: "", clientSecret: "", signingKey: "" };
  const form = useForm<CredentialForm>({ resolver: zodResolver(credentialFormSchema), defaultValues: blank, mode: "onTouched" });
  const err = (m?: string) => (m ? translateKeyOrText(t, m) : undefined);
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    startTransition(async () => {
      const result = await withReauth(() => registerCredentialAction(values));
      if (!result.ok) {
        setFormError(result.error.message);
        applyFieldErrors(form.setError, result.error);
        return;
      }
      toast({ title: t("credentials.registered"), description: t("credentials.registeredDescription"), variant: "success" });
      form.reset(blank);
      setOpen(false);
      router.refresh();
    });
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) {
          // Typed secrets do not linger in the page once the dialog is closed.
          form.reset(blank);
          setFormError(null);
        }
      }}
    >
      <DialogTrigger asChild>
        <RegisterCredentialButton ref={triggerRef} />
      </DialogTrigger>
      <DialogContent closeLabel={t("common.close")} className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t("credentials.register")}</DialogTitle>
          <DialogDescription>{t("credentials.registerDescription")}</DialogDescription>
        </DialogHeader>
        <form method="post" onSubmit={onSubmit} noValidate className="grid gap-4" autoComplete="off">
          {formError && (
            <Alert variant="destructive">
              <AlertDescription>{formError}</AlertDescription>
            </Alert>
          )}
          <FormField label={t("credentials.name")} htmlFor="credential-name" error={err(errors.name?.message)}>
            <Input id="credential-name" placeholder={t("credentials.namePlaceholder")} {...form.register("name")} />
          </FormField>
          <FormField label={t("credentials.environment")} htmlFor="credential-environment">
            <Controller
              control={form.control}
              name="environment"
              render={({ field }) => (
                <Select
                  value={field.value}
                  onValueChange={(value) => {
                    const env = value as CredentialForm["environment"];
                    field.onChange(env);
                    // Follow the environment's usual address unless the member typed their own.
                    const current = form.getValues("baseUrl");
                    if (!current || current === defaultBaseUrls.sandbox || current === defaultBaseUrls.production) form.setValue("baseUrl", defaultBaseUrls[env]);
                  }}
                >
                  <SelectTrigger id="credential-environment" className="w-full">
                    <SelectValue>{t(`environments.${field.value}`)}</SelectValue>
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value="sandbox">{t("environments.sandbox")}</SelectItem>
                    <SelectItem value="production">{t("environments.production")}</SelectItem>
                  </SelectContent>
                </Select>
              )}
            />
          </FormField>
          <FormField label={t("credentials.baseUrl")} htmlFor="credential-base-url" description={t("credentials.baseUrlHelp")} error={err(errors.baseUrl?.message)}>
            {/* Only the addresses the dashboard is configured for (lib/credentials/base-url-policy.ts): a choice, not free text. */}
            <Controller
              control={form.control}
              name="baseUrl"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger id="credential-base-url" className="w-full font-mono">
                    <SelectValue placeholder={t("credentials.baseUrlChoose")}>{field.value}</SelectValue>
                  </SelectTrigger>
                  <SelectContent>
                    {allowedBaseUrls.map((u) => (
                      <SelectItem key={u} value={u} className="font-mono">
                        {u}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </FormField>
          <FormField label={t("credentials.clientId")} htmlFor="credential-client-id" error={err(errors.clientId?.message)}>
            <Input id="credential-client-id" spellCheck={false} className="font-mono" {...form.register("clientId")} />
          </FormField>
          <FormField label={t("credentials.clientSecret")} htmlFor="credential-client-secret" error={err(errors.clientSecret?.message)}>
            <Input id="credential-client-secret" type="password" autoComplete="new-password" spellCheck={false} className="font-mono" {...form.register("clientSecret")} />
          </FormField>
          <FormField
            label={t("credentials.signingKey")}
            htmlFor="credential-signing-key"
            description={t("credentials.signingKeyHelp")}
            error={err(errors.signingKey?.message)}
          >
            <Input id="credential-signing-key" type="password" autoComplete="new-password" spellCheck={false} className="font-mono" {...form.register("signingKey")} />
          </FormField>
          <DialogFooter>
            <Button type="submit" disabled={pending}>
              {pending ? t("credentials.registering") : t("credentials.registerSubmit")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
