"use client";

import { useQueryState } from "nuqs";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useI18n } from "@/components/providers/i18n-provider";
import { ACCOUNT_TABS, accountSearchParams, type AccountTab } from "@/lib/account/params";

/**
 * Limits and fees as two tabs; the open one is in the URL (`?tab=fees`, lib/account/params.ts), so
 * it can be linked to and survives a reload. Both panels are rendered by the server and kept in the
 * page (the closed one hidden), so switching asks nothing again.
 */
export function AccountTabs({ panels }: { panels: Record<AccountTab, React.ReactNode> }) {
  const { t } = useI18n();
  const [tab, setTab] = useQueryState("tab", accountSearchParams.tab.withOptions({ history: "replace", scroll: false, clearOnDefault: true }));
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
