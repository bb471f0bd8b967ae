"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import * as z from "zod/mini";
import { UserPlus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { FormField } from "@/components/ui/form-field";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { toast } from "@/components/ui/toast";
import { useI18n } from "@/components/providers/i18n-provider";
import { ROLES } from "@/lib/auth/roles";
import { translateKeyOrText } from "@/lib/i18n/translate";
import { addMemberAction } from "@/app/(dashboard)/settings/team/actions";

const schema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, "auth.nameRequired")),
  email: z.email("auth.invalidEmail"),
  role: z.enum(ROLES),
  temporaryPassword: z.string().check(z.minLength(12, "auth.passwordTooShort")),
});
type Values = z.infer<typeof schema>;

export function AddMemberDialog() {
  const { t } = useI18n();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [pending, startTransition] = useTransition();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { name: "", email: "", role: "viewer", temporaryPassword: "" },
    mode: "onTouched",
  });
  const err = (m?: string) => (m ? translateKeyOrText(t, m) : undefined);

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    startTransition(async () => {
      const result = await addMemberAction(values);
      if (!result.ok) {
        setFormError(result.error.message);
        for (const [field, message] of Object.entries(result.error.fieldErrors ?? {})) form.setError(field as keyof Values, { message });
        return;
      }
      toast({ title: t("team.memberAdded"), variant: "success" });
      form.reset();
      setOpen(false);
      router.refresh();
    });
  });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm">
          <UserPlus aria-hidden /> {t("team.addMember")}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t("common.close")}>
        <DialogHeader>
          <DialogTitle>{t("team.addMember")}</DialogTitle>
          <DialogDescription>{t("team.addMemberDescription")}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          {formError && (
            <Alert variant="destructive">
              <AlertDescription>{formError}</AlertDescription>
            </Alert>
          )}
          <FormField label={t("team.name")} htmlFor="member-name" error={err(form.formState.errors.name?.message)}>
            <Input id="member-name" autoComplete="off" {...form.register("name")} />
          </FormField>
          <FormField label={t("team.email")} htmlFor="member-email" error={err(form.formState.errors.email?.message)}>
            <Input id="member-email" type="email" autoComplete="off" {...form.register("email")} />
          </FormField>
          <FormField label={t("team.role")} htmlFor="member-role">
            <Controller
              control={form.control}
              name="role"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger id="member-role" className="w-full">
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
          <FormField label={t("team.temporaryPassword")} htmlFor="member-password" error={err(form.formState.errors.temporaryPassword?.message)}>
            <Input id="member-password" type="password" autoComplete="new-password" {...form.register("temporaryPassword")} />
          </FormField>
          <DialogFooter>
            <Button type="submit" disabled={pending}>
              {pending ? t("team.adding") : t("team.add")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
