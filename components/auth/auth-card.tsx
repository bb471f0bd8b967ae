import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { getI18n } from "@/lib/i18n/server";
import { cn } from "@/lib/utils";

/**
 * The card an auth page (outside the dashboard's shell) is: the app's name over the page's h1,
 * what the page is for, then its content. It is `max-w-md` wide unless `className` says otherwise.
 */
export async function AuthCard({
  title,
  description,
  className,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const { t } = await getI18n();
  return (
    <Card className={cn("w-full max-w-md", className)}>
      <CardHeader>
        <p className="text-sm font-medium text-muted-foreground">{t("app.name")}</p>
        <CardTitle>
          <h1 className="text-2xl font-semibold">{title}</h1>
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  );
}
