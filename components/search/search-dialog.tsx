"use client";

import { useEffect, useId, useMemo, useRef, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { useQueryClient } from "@tanstack/react-query";
import {
  ArrowDownToLine,
  ArrowLeftRight,
  ArrowUpFromLine,
  Files,
  History,
  LayoutGrid,
  List,
  LoaderCircle,
  Search,
  ShieldAlert,
  Trash2,
  UserRound,
  Wallet,
  Zap,
  type IconComponent,
} from "@/components/ui/icons";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/components/ui/toast";
import { useI18n } from "@/components/providers/i18n-provider";
import { cn } from "@/lib/utils";
import { MAX_SEARCH_LENGTH } from "@/lib/search/limits";
import { setEnvironmentAction } from "@/app/(dashboard)/actions";
import { clearRecentSearchesAction, rememberSearchAction } from "@/app/(dashboard)/search-actions";
import type { OptionGroupId, PaletteOption } from "./options";
import { useSearch } from "./use-search";
import { useLiveInvalidation } from "@/components/live/use-live-invalidation";
import { QueryProvider } from "@/components/providers/query-provider";
import type { ApiEnvironment } from "@/lib/vocabulary";

/**
 * While the palette is open, what the live stream says changed (a payment arrived, the sync brought
 * a transaction, an infraction moved) makes its results be asked again: a search shows the mirror
 * as it is now, not as it was when that text was first typed.
 */
function LiveResults({ context, environment }: { context: string; environment: ApiEnvironment }) {
  useLiveInvalidation({ kinds: ["transaction", "infraction"], environment, queryKey: ["search", context] });
  return null;
}

const ICONS: Record<OptionGroupId, IconComponent> = {
  recent: History,
  transactions: List,
  charges: ArrowDownToLine,
  payouts: ArrowUpFromLine,
  batches: Files,
  conversions: ArrowLeftRight,
  wallets: Wallet,
  infractions: ShieldAlert,
  members: UserRound,
  pages: LayoutGrid,
  actions: Zap,
};

/**
 * The palette itself (./search-palette.tsx renders its button, listens for its keys and loads this
 * once the page is idle): a combobox over grouped results, keyboard first: arrows move, Enter opens,
 * Esc closes; full screen on a phone. The member's organisation and environment are the results'
 * cache key (another environment's never show). `inputRef`: the owner's, so that Ctrl+K while open
 * selects the text.
 */
export function SearchDialog(props: SearchDialogProps) {
  return (
    <QueryProvider>
      <Palette {...props} />
    </QueryProvider>
  );
}

type SearchDialogProps = {
  organizationId: string;
  environment: ApiEnvironment;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  inputRef: React.RefObject<HTMLInputElement | null>;
};

function Palette({
  organizationId,
  environment,
  open,
  onOpenChange,
  inputRef,
}: SearchDialogProps) {
  const context = `${organizationId}:${environment}`;
  const { t } = useI18n();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [text, setText] = useState("");
  /** The option the arrows moved to, in the results it was chosen among (new results: the first again). */
  const [cursor, setCursor] = useState<{ of: unknown; index: number }>({ of: null, index: 0 });
  /** Enter pressed before the results of what was typed arrived: the first of them opens when they do. */
  const enterWaiting = useRef(false);
  const [, startTransition] = useTransition();
  const listId = useId();
  const search = useSearch(text, context, open);

  const groups = useMemo(() => search.data?.groups ?? [], [search.data]);
  const options = useMemo(() => groups.flatMap((g) => g.options), [groups]);
  const active = cursor.of === search.data ? Math.min(cursor.index, options.length - 1) : 0;
  const current = options[active];
  const setActive = (index: number) => setCursor({ of: search.data, index });
  const optionId = (o: PaletteOption) => `${listId}-${options.indexOf(o)}`;
  useEffect(() => {
    if (current) document.getElementById(optionId(current))?.scrollIntoView({ block: "nearest" });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current]);

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setText("");
      enterWaiting.current = false;
    }
  };

  const choose = (o: PaletteOption | undefined) => {
    if (!o) return;
    if (o.fill !== undefined) {
      setText(o.fill);
      inputRef.current?.focus();
      return;
    }
    if (o.clear) {
      startTransition(async () => {
        await clearRecentSearchesAction({ all: true });
        await search.refetch();
      });
      return;
    }
    const searched = text.trim();
    // What the member searched for, once they found it (theirs only, on the server).
    if (searched.length >= 2) void rememberSearchAction({ text: searched }).then(() => queryClient.invalidateQueries({ queryKey: ["search", context, ""] }));
    close(false);
    if (o.run) {
      const environment = o.run.environment;
      startTransition(async () => {
        const result = await setEnvironmentAction({ environment });
        if (result.ok) toast({ title: t("search.switched", { environment: t(`environments.${environment}`) }), variant: "success" });
        else toast({ title: result.error.message, variant: "destructive" });
        router.refresh();
      });
    } else if (o.href) {
      router.push(o.href);
    }
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.nativeEvent.isComposing) return;
    const n = options.length;
    if (e.key === "ArrowDown" && n) {
      e.preventDefault();
      setActive((active + 1) % n);
    } else if (e.key === "ArrowUp" && n) {
      e.preventDefault();
      setActive((active - 1 + n) % n);
    } else if (e.key === "Enter") {
      e.preventDefault();
      if (search.settled) choose(current);
      else enterWaiting.current = true;
    }
  };

  useEffect(() => {
    if (!enterWaiting.current || !search.settled) return;
    enterWaiting.current = false;
    choose(options[0]);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search.settled, options]);

  const typed = text.trim();
  const status = search.isError
    ? t("search.failed")
    : !search.settled
      ? t("search.searching")
      : typed && options.length === 0
        ? t("search.nothing", { query: typed })
        : typed
          ? t("search.results", { count: options.filter((o) => o.group !== "recent" && o.key !== "tx:all").length })
          : "";

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        closeLabel={t("common.close")}
        data-testid="search-palette"
        onOpenAutoFocus={(e) => {
          e.preventDefault();
          inputRef.current?.focus();
        }}
        className={cn(
          "flex flex-col gap-0 overflow-hidden p-0 sm:top-[12vh] sm:max-w-xl sm:translate-y-0",
          // A phone: the whole screen, the keyboard below it.
          "max-sm:top-0 max-sm:left-0 max-sm:h-dvh max-sm:max-h-dvh max-sm:max-w-full max-sm:translate-x-0 max-sm:translate-y-0 max-sm:rounded-none max-sm:border-0",
        )}
      >
        <LiveResults context={context} environment={environment} />
        <DialogTitle className="sr-only">{t("search.title")}</DialogTitle>
        <DialogDescription className="sr-only">
          {t("search.description")} {t("search.keys")}
        </DialogDescription>
        <div className="flex items-center gap-2 border-b px-4 pr-12">
          {search.isFetching ? <LoaderCircle className="size-4 shrink-0 animate-spin text-muted-foreground" aria-hidden /> : <Search className="size-4 shrink-0 text-muted-foreground" aria-hidden />}
          <input
            ref={inputRef}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              enterWaiting.current = false;
            }}
            onKeyDown={onKeyDown}
            maxLength={MAX_SEARCH_LENGTH}
            role="combobox"
            aria-label={t("search.inputLabel")}
            aria-expanded={options.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={current ? optionId(current) : undefined}
            placeholder={t("search.placeholder")}
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="go"
            data-testid="search-input"
            className="h-12 min-w-0 flex-1 bg-transparent text-base outline-none placeholder:text-muted-foreground sm:text-sm"
          />
        </div>
        <div
          role="listbox"
          id={listId}
          aria-label={t("search.title")}
          className="min-h-0 flex-1 overflow-y-auto p-2 sm:max-h-[min(60vh,28rem)]"
          data-testid="search-results"
          // The text these results answer, once they are the field's (tests wait for it).
          data-query={search.settled ? search.data?.query : undefined}
        >
          {groups.map((g) => (
            <div key={g.id} role="group" aria-labelledby={`${listId}-${g.id}`} data-group={g.id} className="pb-1">
              <div id={`${listId}-${g.id}`} className="px-2 pt-2 pb-1 text-xs font-medium text-muted-foreground">
                {g.label}
              </div>
              {g.options.map((o) => {
                const Icon = o.clear ? Trash2 : ICONS[o.group];
                const selected = o === current;
                return (
                  <div
                    key={o.key}
                    id={optionId(o)}
                    role="option"
                    aria-selected={selected}
                    data-testid="search-option"
                    data-key={o.key}
                    onMouseMove={() => !selected && setActive(options.indexOf(o))}
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => choose(o)}
                    className={cn("flex min-h-11 cursor-pointer items-start gap-3 rounded-md px-2 py-2 text-sm", selected && "bg-accent text-accent-foreground")}
                  >
                    <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
                    <span className="grid min-w-0 gap-0.5">
                      <span className="truncate font-medium">{o.title}</span>
                      {o.detail && <span className="truncate text-xs text-muted-foreground max-sm:whitespace-normal">{o.detail}</span>}
                      {o.why && <span className="truncate font-mono text-xs text-muted-foreground">{o.why}</span>}
                    </span>
                  </div>
                );
              })}
            </div>
          ))}
        </div>
        <div className="flex items-center gap-3 border-t px-4 py-2 text-xs text-muted-foreground">
          <p role="status" aria-live="polite" data-testid="search-status" className="min-w-0 flex-1 truncate">
            {status}
          </p>
          <p aria-hidden className="hidden shrink-0 sm:block">
            {t("search.keys")}
          </p>
        </div>
      </DialogContent>
    </Dialog>
  );
}
