"use client";

import { useQueryState } from "nuqs";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useI18n } from "@/components/providers/i18n-provider";
import { ACCOUNT_TABS, accountSearchParams, type AccountTab } from "@/lib/account/params";

/**
 * Limits and fees as two tabs; the open one is in the URL (`?tab=fees`, lib/account/params.ts), so
 * it can be linked to and survives a reload. The server renders the open one only (each is a long
 * table: both made the page 400 KB); choosing the other marks it at once and asks the server for
 * its panel (`shallow: false`), read through the team's shared cache, its placeholder meanwhile.
 */
export function AccountTabs({ panels }: { panels: Record<AccountTab, React.ReactNode> }) {
  const { t } = useI18n();
  const [tab, setTab] = useQueryState("tab", accountSearchParams.tab.withOptions({ history: "replace", scroll: false, clearOnDefault: true, shallow: false }));
  return (
    <Tabs value={tab} onValueChange={(v) => void setTab(v as AccountTab)} className="min-w-0 gap-4" data-testid="account-tabs">
      <TabsList aria-label={t("account.tabs.label")}>
        {ACCOUNT_TABS.map((k) => (
          <TabsTrigger key={k} value={k} className="px-4" data-testid={`account-tab-${k}`}>
            {t(`account.tabs.${k}`)}
          </TabsTrigger>
        ))}
      </TabsList>
      {ACCOUNT_TABS.map((k) => (
        <TabsContent key={k} value={k} forceMount className="min-w-0 data-[state=inactive]:hidden">
          {panels[k]}
        </TabsContent>
      ))}
    </Tabs>
  );
}
