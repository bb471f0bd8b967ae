import type { ExtraField } from "@/lib/account/normalize";
import { getI18n } from "@/lib/i18n/server";

/** Values the dashboard has no name for, under the API's own keys: shown as answered, never dropped. */
export async function ExtraFields({ fields, title, testId }: { fields: ExtraField[]; title?: string; testId?: string }) {
  const { t } = await getI18n();
  if (fields.length === 0) return null;
  return (
    <div className="grid gap-1" data-testid={testId}>
      {title && <p className="text-xs font-medium text-muted-foreground">{title}</p>}
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)]">
        {fields.map((f, i) => (
          <div key={`${f.label}-${i}`} className="contents">
            <dt className="text-muted-foreground wrap-anywhere">{f.label}</dt>
            <dd className="wrap-anywhere">
              {f.value === null ? (
                <span className="text-muted-foreground">{t("account.notProvided")}</span>
              ) : typeof f.value === "boolean" ? (
                t(f.value ? "account.yes" : "account.no")
              ) : (
                f.value
              )}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

