"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import * as z from "zod/mini";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { FormField } from "@/components/ui/form-field";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { CopyButton } from "@/components/ui/copy-button";
import { toast } from "@/components/ui/toast";
import { useI18n } from "@/components/providers/i18n-provider";
import { ROLES } from "@/lib/auth/roles";
import { translateKeyOrText } from "@/lib/i18n/translate";
import { inviteMemberAction } from "@/app/(dashboard)/settings/team/actions";
import { useReauth } from "@/components/security/reauth-provider";
import { applyFieldErrors } from "@/components/forms/field-errors";
import { useFocusOnMount } from "@/components/ui/lazy-trigger";
import { InviteButton } from "./invite-member-dialog";

const schema = z.object({
  email: z.email("auth.invalidEmail"),
  role: z.enum(ROLES),
});
type Values = z.infer<typeof schema>;

/** Invites a person by e-mail with a role. Without mail (no SMTP_URL) the link is shown here to hand over. ./invite-member-dialog.tsx renders its button until this loads. */
export function InviteMemberDialog({ defaultOpen = false, focusTrigger }: { defaultOpen?: boolean; focusTrigger?: boolean }) {
  const { t } = useI18n();
  const router = useRouter();
  const [open, setOpen] = useState(defaultOpen);
  const triggerRef = useFocusOnMount<HTMLButtonElement>(focusTrigger);
  const [pending, startTransition] = useTransition();
  const [formError, setFormError] = useState<string | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const withReauth = useReauth();
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { email: "", role: "viewer" }, mode: "onTouched" });
  const err = (m?: string) => (m ? translateKeyOrText(t, m) : undefined);

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    startTransition(async () => {
      const result = await withReauth(() => inviteMemberAction(values));
      if (!result.ok) {
        setFormError(result.error.message);
        applyFieldErrors(form.setError, result.error);
        return;
      }
      router.refresh();
      if (result.data.link) {
        setLink(result.data.link);
        return;
      }
      toast({ title: t("team.invitationMailed", { email: values.email }), variant: "success" });
      form.reset();
      setOpen(false);
    });
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) {
          setLink(null);
          form.reset();
        }
      }}
    >
      <DialogTrigger asChild>
        <InviteButton ref={triggerRef} />
      </DialogTrigger>
      <DialogContent closeLabel={t("common.close")}>
        <DialogHeader>
          <DialogTitle>{t("team.invite")}</DialogTitle>
          <DialogDescription>{t("team.inviteDescription")}</DialogDescription>
        </DialogHeader>
        {link ? (
          <div className="grid gap-3" data-testid="invitation-link">
            <Alert>
              <AlertDescription>{t("team.invitationLinkNote")}</AlertDescription>
            </Alert>
            <div className="flex items-center gap-2 rounded-md border bg-muted/40 p-2">
              <code className="min-w-0 flex-1 text-xs break-all" data-testid="invitation-url">
                {link}
              </code>
              <CopyButton value={link} label={t("team.copyInvitationLink")} copiedLabel={t("common.copied")} />
            </div>
            <DialogFooter>
              <Button type="button" onClick={() => setOpen(false)}>
                {t("common.close")}
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            {formError && (
              <Alert variant="destructive">
                <AlertDescription>{formError}</AlertDescription>
              </Alert>
            )}
            <FormField label={t("team.email")} htmlFor="invite-email" error={err(form.formState.errors.email?.message)}>
              <Input id="invite-email" type="email" autoComplete="off" {...form.register("email")} />
            </FormField>
            <FormField label={t("team.role")} htmlFor="invite-role">
              <Controller
                control={form.control}
                name="role"
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange}>
                    <SelectTrigger id="invite-role" className="w-full">
                      <SelectValue>{t(`roles.${field.value}`)}</SelectValue>
                    </SelectTrigger>
                    <SelectContent>
                      {ROLES.map((r) => (
                        <SelectItem key={r} value={r}>
                          {t(`roles.${r}`)} — {t(`roles.${r}Description`)}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </FormField>
            <DialogFooter>
              <Button type="submit" disabled={pending}>
                {pending ? t("team.inviting") : t("team.sendInvitation")}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
