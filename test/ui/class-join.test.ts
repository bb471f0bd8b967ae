import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cx } from "@/lib/class-join";
import { badgeVariants } from "@/components/ui/badge";
import { copyButtonClasses } from "@/components/ui/copy-button";
import { INPUT_CLASSES, inputClasses } from "@/components/ui/input";
import { NATIVE_SELECT_CLASSES, nativeSelectClasses } from "@/components/ui/native-select";
import { spinnerClasses } from "@/components/ui/spinner";
import { TEXTAREA_CLASSES, textareaClasses } from "@/components/ui/textarea";
import { TABLE_CAPTION, TABLE_CLASSES, TABLE_CONTAINER, tableCaptionClasses, tableContainerClasses } from "@/components/ui/table";
import { SELECT_TRIGGER, selectTriggerClasses } from "@/components/ui/select-classes";
import { ALERT_TITLE, alertDescriptionClasses, alertVariants } from "@/components/ui/alert";
import { cn } from "@/lib/utils";
import { searchFieldProps } from "@/components/transactions/toolbar-parts";
import type { Translate } from "@/lib/i18n/translate";
import { dialogClassNames } from "@/components/ui/dialog-styles";
import { OVERVIEW_CARD, OVERVIEW_PAD } from "@/components/overview/card-classes";
import { PENDING_PALETTE_BOX, PENDING_PALETTE_OVERLAY } from "@/components/search/pending-classes";

type Part = string | false | undefined;

const TEXTAREA: Part[] = [
  "flex field-sizing-content min-h-16 w-full rounded-md border border-input bg-transparent px-3 py-2 text-base shadow-xs transition-[color,box-shadow] outline-none placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-50 md:text-sm dark:bg-input/30",
  "focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50",
  "aria-invalid:border-destructive aria-invalid:ring-destructive/20 dark:aria-invalid:ring-destructive/40",
];
const DROP_ZONE =
  "flex flex-col items-center gap-2 rounded-md border border-dashed border-input p-6 text-center text-sm focus-within:ring-[3px] focus-within:ring-ring/50 data-[disabled]:opacity-60 data-[dragging]:border-primary data-[dragging]:bg-muted";
/** NativeSelect's classes as they were written for `cn`, in three parts. */
const NATIVE_SELECT_PARTS = [
  "h-9 w-full min-w-0 appearance-none rounded-md border border-input bg-transparent py-1 pr-8 pl-3 text-sm shadow-xs outline-none transition-[color,box-shadow] disabled:cursor-not-allowed disabled:opacity-50 dark:bg-input/30 [&>option]:bg-popover [&>option]:text-popover-foreground",
  "focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50",
  "aria-invalid:border-destructive aria-invalid:ring-destructive/20",
];

const LABEL =
  "flex items-center gap-2 text-sm leading-none font-medium select-none group-data-[disabled=true]:pointer-events-none group-data-[disabled=true]:opacity-50 peer-disabled:cursor-not-allowed peer-disabled:opacity-50";

/**
 * Every `cx(…)` call, with every list of arguments it can be given: each of the call's own
 * alternatives (a ternary's branches, a condition on and off) and each `className` its callers pass
 * (undefined where no caller passes one). A new call, or a class changed in one, must be added here.
 */
const CALLS: Record<string, Part[][]> = {
  "components/ui/avatar.tsx": [
    // Avatar: its one caller (components/shell/user-menu.tsx) passes no className.
    ["relative flex size-8 shrink-0 overflow-hidden rounded-full", undefined],
    ["flex size-full items-center justify-center rounded-full bg-muted text-sm text-foreground", undefined],
  ],
  "components/transactions/toolbar-parts.tsx": [
    ["tx-chip", "tx-chip-set"],
    ["tx-chip", "border-dashed"],
  ],
  "components/transactions/saved-views.tsx": [
    ["inline-flex items-center rounded-full border pl-3", "border-primary bg-primary/5"],
    ["inline-flex items-center rounded-full border pl-3", false],
  ],
  "components/transactions/transactions-table.tsx": [
    ["tx-link inline-flex items-center gap-1 hover:text-foreground hover:no-underline", "flex-row-reverse"],
    ["tx-link inline-flex items-center gap-1 hover:text-foreground hover:no-underline", false],
    ["size-3.5", "opacity-50"],
    ["size-3.5", false],
    ["tx-money", "text-muted-foreground"],
    ["tx-money", undefined],
    ["tx-flow", "text-success"],
    ["tx-flow", false],
    ["truncate", "text-muted-foreground"],
    ["truncate", false],
  ],
  "components/shell/environment-switch.tsx": ["bg-warning text-warning-foreground", "bg-primary text-primary-foreground", "text-muted-foreground hover:text-foreground"].map((state) => [
    "rounded px-2 py-1 font-medium outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50",
    state,
  ]),
  // The app bar's buttons: rendered by their own module and by their lazily loaded menus, never with a className.
  "components/shell/mobile-nav.tsx": [["md:hidden", undefined]],
  "components/shell/org-switcher.tsx": [["w-full justify-between", undefined]],
  "components/shell/user-menu.tsx": [["h-10 gap-2 px-2", undefined]],
  "components/notifications/notification-bell.tsx": [["relative size-10", undefined]],
  "components/ui/info-tip.tsx": [
    [
      "inline-flex size-6 shrink-0 items-center justify-center rounded-full text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=open]:bg-accent data-[state=open]:text-foreground",
      undefined,
    ],
  ],
  // Skeletons: app/(dashboard)/overview/{page,loading}.tsx pass lg:col-span-2, lg:col-span-3 or nothing.
  "components/overview/skeletons.tsx": [
    [OVERVIEW_CARD, undefined],
    ["flex flex-wrap items-center justify-between gap-2", OVERVIEW_PAD],
    ["grid gap-4", OVERVIEW_PAD],
    ...[undefined, "lg:col-span-2", "lg:col-span-3"].map((className) => ["h-full", OVERVIEW_CARD, className]),
    ["grid gap-3", OVERVIEW_PAD],
  ],
  // Sparkline: components/overview/figure-tiles.tsx colours it.
  "components/overview/sparkline.tsx": [
    ["spark", "text-chart-1"],
    ["spark", "text-chart-2"],
  ],
  // LiveRefresh: pages place it with ml-auto, justify-self-end or nothing.
  // Badge, Label and CopyButton: checked against every caller's className below.
  "components/ui/badge.tsx": [["badge badge-default", undefined]],
  // ChoiceTiles: the payout form passes grid-cols-3, the charge form grid-cols-2 sm:grid-cols-5; a tile chosen or not.
  "components/ui/choice-tiles.tsx": [
    ["grid gap-2", "grid-cols-3"],
    ["grid gap-2", "grid-cols-2 sm:grid-cols-5"],
    ...["border-primary bg-primary/10 font-medium", "hover:bg-muted"].map((state) => [
      "flex cursor-pointer items-center justify-center rounded-md border px-2 py-2 text-center text-sm transition-colors has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50",
      state,
    ]),
  ],
  // The amount's mode: a segment chosen or not.
  "components/send/amount-mode.tsx": ["bg-primary text-primary-foreground font-medium", "text-muted-foreground hover:bg-muted"].map((state) => [
    "flex min-h-8 cursor-pointer items-center justify-center rounded-[calc(var(--radius)-4px)] px-2 py-1.5 text-center text-sm transition-colors has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50",
    state,
  ]),
  "components/ui/label.tsx": [[LABEL, undefined]],
  "components/ui/copy-button.tsx": [["size-7", undefined]],
  // Input, FormField, DateField and Alert: likewise (their classes are constants, or written here).
  "components/ui/input.tsx": [[INPUT_CLASSES, undefined]],
  "components/ui/form-field.tsx": [["grid gap-2", undefined]],
  "components/ui/date-field.tsx": [["grid gap-1", undefined]],
  "components/ui/alert.tsx": [[ALERT_TITLE, undefined]],
  // A charge's code: CopyCodeButton and CodeText are checked against every caller's className below.
  "components/receive/copy-code-button.tsx": [["h-11 w-full text-base", undefined]],
  "components/receive/code-parts.tsx": [
    ["font-medium tabular-nums", false],
    ["font-medium tabular-nums", "text-destructive"],
  ],
  "components/receive/code-text.tsx": [["grid gap-1", undefined]],
  // A boleto's barcode: its two callers (the charge's code, the printable boleto) pass no className.
  "components/receive/itf-barcode.tsx": [["w-full min-w-0", undefined]],
  // Form parts: Textarea, DropZone, NativeSelect and Spinner are checked against every caller's className below.
  "components/ui/textarea.tsx": [[TEXTAREA_CLASSES, undefined]],
  "components/ui/drop-zone.tsx": [
    [DROP_ZONE, undefined],
    ["font-medium text-primary underline underline-offset-4", "cursor-not-allowed"],
    ["font-medium text-primary underline underline-offset-4", "cursor-pointer"],
  ],
  "components/ui/native-select.tsx": [[NATIVE_SELECT_CLASSES, undefined]],
  "components/ui/spinner.tsx": [["size-4 animate-spin", undefined]],
  // The deadline banner: urgent or overdue, or neither.
  "components/infractions/deadline-banner.tsx": [
    ["flex items-start gap-3 rounded-lg border p-3 text-sm", "border-destructive/50 bg-destructive/10 text-destructive"],
    ["flex items-start gap-3 rounded-lg border p-3 text-sm", "bg-muted/40"],
  ],
  // A table and its caption: checked against every caller's className and containerClassName below.
  "components/ui/table.tsx": [
    [TABLE_CLASSES, undefined],
    [TABLE_CLASSES, "phone-rows"],
  ],
  // A select's trigger: checked against every caller's className below.
  "components/ui/select-classes.ts": [[SELECT_TRIGGER, undefined]],
  // A bulk file's rows: a bad row is tinted, in the table and in the phone's cards.
  "components/send/bulk-upload.tsx": [
    [false],
    ["bg-destructive/5"],
    ["grid gap-0.5 rounded-md border p-2.5 text-sm", false],
    ["grid gap-0.5 rounded-md border p-2.5 text-sm", "border-destructive/40 bg-destructive/5"],
  ],
  "components/live/live-refresh.tsx": [
    ...[undefined, "ml-auto", "justify-self-end"].map((className): Part[] => ["inline-flex items-center gap-1.5 text-xs text-muted-foreground", className]),
    ...["bg-success", "bg-muted-foreground/50"].flatMap((colour): Part[][] => [
      ["size-2 rounded-full", colour, false],
      ["size-2 rounded-full", colour, "animate-pulse"],
    ]),
  ],
};

const ROOT = path.resolve(__dirname, "../..");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(rel);
    return /\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

/** The text of each `cx(…)` call in a source file (balanced parentheses); its strings compared with `===` are not classes. */
function cxCalls(source: string): string[] {
  const calls: string[] = [];
  for (const m of source.matchAll(/\bcx(?:Yield)?\(/g)) {
    let depth = 0;
    for (let i = m.index! + m[0].length - 1; i < source.length; i++) {
      if (source[i] === "(") depth++;
      else if (source[i] === ")" && --depth === 0) {
        calls.push(source.slice(m.index!, i + 1));
        break;
      }
    }
  }
  return calls;
}

describe("cx (a plain join where cn would merge nothing)", () => {
  it("joins what is given, leaving out falsy parts", () => {
    expect(cx("a", undefined, false, "b c", null, "")).toBe("a b c");
    expect(cx()).toBe("");
  });

  for (const [file, lists] of Object.entries(CALLS)) {
    it(`gives what cn gives for every list ${file} produces`, () => {
      for (const list of lists) expect(cx(...list)).toBe(cn(...list));
    });
  }

  it("knows every caller, and every class each of them writes (else: add the call's lists above)", () => {
    const callers = [...sourceFiles("components"), ...sourceFiles("app")].filter((f) => /from "@\/lib\/class-join"/.test(fs.readFileSync(path.join(ROOT, f), "utf8")));
    expect(callers.sort()).toEqual(Object.keys(CALLS).sort());
    for (const file of callers) {
      const known = new Set(CALLS[file]!.flat().filter((p): p is string => typeof p === "string"));
      const calls = cxCalls(fs.readFileSync(path.join(ROOT, file), "utf8"));
      expect(calls.length, file).toBeGreaterThan(0);
      const written = calls.flatMap((call) => [...call.matchAll(/([=!]==\s*)?"([^"]*)"(\s*[=!]==)?/g)].filter((m) => !m[1] && !m[3]).map((m) => m[2]!));
      for (const classes of written) expect(known, `${file}: "${classes}"`).toContain(classes);
    }
  });

  it("the search palette's placeholder is the dialog's classes as cn merges them", () => {
    expect(PENDING_PALETTE_OVERLAY).toBe(cn(dialogClassNames.overlay));
    expect(PENDING_PALETTE_BOX).toBe(cn(dialogClassNames.content, "place-items-center p-6 sm:top-[12vh] sm:max-w-xl sm:translate-y-0"));
  });

  /**
   * Every className a `<name …>` in the code is given: a literal; or an expression's string literals
   * (each branch) and the constants of the file it names, and undefined. A spread of props fails,
   * unless `spreads` allows it (react-hook-form's register() gives no className, nor a FieldBinding's
   * field(), components/forms/lazy-form.ts; a wrapper's own
   * props, when its callers are read too).
   */
  function callerClassNames(name: string, spreads: RegExp[] = [], wrappers: string[] = [], attribute = "className", least = 3): (string | undefined)[] {
    const given = new Set<string | undefined>();
    let tags = 0;
    for (const file of [...sourceFiles("components"), ...sourceFiles("app")]) {
      const source = fs.readFileSync(path.join(ROOT, file), "utf8");
      for (const tagName of [name, ...wrappers]) {
        for (const tag of source.matchAll(new RegExp(`<${tagName}\\b((?:=>|[^>=]|=(?!>))*)>`, "g"))) {
          for (const spread of tag[1]!.matchAll(/\{\.\.\.([^}]*)\}/g)) {
            expect(spreads.some((ok) => ok.test(`${file}: ${spread[1]}`)), `${file}: <${tagName} {...${spread[1]}}> (its className unknown)`).toBe(true);
          }
          tags++;
          const literal = new RegExp(`\\b${attribute}="([^"]*)"`).exec(tag[1]!);
          const expression = new RegExp(`\\b${attribute}=\\{([^}]*)\\}`).exec(tag[1]!);
          if (literal) given.add(literal[1]);
          else if (expression) {
            given.add(undefined);
            for (const m of expression[1]!.matchAll(/"([^"]*)"/g)) given.add(m[1]);
            for (const id of expression[1]!.match(/\b[A-Z][A-Z_]+\b/g) ?? []) {
              const constant = new RegExp(`const ${id} = "([^"]*)"`).exec(source);
              expect(constant, `${file}: className={${expression[1]}}`).not.toBeNull();
              given.add(constant![1]);
            }
          } else given.add(undefined);
        }
      }
    }
    expect(tags, name).toBeGreaterThanOrEqual(least);
    return [...given];
  }

  it("a badge's classes are written out in its source (Tailwind generates a utility only for a name it finds there)", () => {
    const source = fs.readFileSync(path.join(ROOT, "components/ui/badge.tsx"), "utf8");
    for (const variant of ["default", "secondary", "destructive", "outline", "success", "warning"] as const) {
      expect(source).toContain(`"${badgeVariants({ variant })}"`);
    }
  });

  it("a badge's classes are what cn gives, with every className a <Badge> is given, in every variant", () => {
    const given = callerClassNames("Badge");
    for (const variant of ["default", "secondary", "destructive", "outline", "success", "warning"] as const) {
      for (const className of given) expect(cx(badgeVariants({ variant }), className)).toBe(cn(badgeVariants({ variant }), className));
    }
  });

  it("a label's, a copy button's, a form field's and a date field's classes are what cn gives, with every className they are given", () => {
    for (const className of callerClassNames("Label")) expect(cx(LABEL, className)).toBe(cn(LABEL, className));
    const sizes = callerClassNames("CopyButton");
    expect(sizes).toContain("size-8");
    for (const className of sizes) expect(copyButtonClasses(className)).toBe(cn("size-7", className));
    for (const className of callerClassNames("FormField")) expect(cx("grid gap-2", className)).toBe(cn("grid gap-2", className));
    for (const className of callerClassNames("DateField")) expect(cx("grid gap-1", className)).toBe(cn("grid gap-1", className));
  });

  it("a textarea's, a drop zone's, a native select's and a spinner's classes are what cn gives, with every className they are given", () => {
    expect(NATIVE_SELECT_CLASSES).toBe(cn(...NATIVE_SELECT_PARTS));
    expect(TEXTAREA_CLASSES).toBe(cn(...TEXTAREA));
    const fields = callerClassNames("Textarea", [/register\(/, /bind\.field\(/]);
    expect(fields).toContain("font-mono text-xs break-all");
    for (const className of fields) expect(textareaClasses(className)).toBe(cn(...TEXTAREA, className));
    // The drop zone has two callers (too few for callerClassNames' check that it read the tags):
    // each gives a literal className or none, and cx gives what cn gives for it.
    const dropZones = [...sourceFiles("components"), ...sourceFiles("app")].flatMap((f) =>
      [...fs.readFileSync(path.join(ROOT, f), "utf8").matchAll(/<DropZone\b((?:=>|[^>=]|=(?!>))*)>/g)].map((m) => m[1]!),
    );
    expect(dropZones.length).toBe(2);
    for (const tag of dropZones) {
      expect(tag).not.toMatch(/className=\{|\{\.\.\./);
      const className = /className="([^"]*)"/.exec(tag)?.[1];
      expect(cx(DROP_ZONE, className)).toBe(cn(DROP_ZONE, className));
    }
    // FormField's control props (id, aria-describedby, aria-invalid) carry no className.
    // Convert's selects are given their name, value (or default value) and onChange by `select(…)`, never a className (components/convert/convert-panel.tsx).
    const selects = callerClassNames("NativeSelect", [/register\(/, /bind\.field\(/, /: control$/, /^components\/convert\/convert-panel\.tsx: select\("(base|destination)"\)$/]);
    expect(selects).toContain("h-8 text-xs");
    for (const className of selects) expect(nativeSelectClasses(className)).toBe(cn(...NATIVE_SELECT_PARTS, className));
    const spinners = callerClassNames("Spinner");
    expect(spinners).toContain("size-3.5");
    for (const className of spinners) expect(spinnerClasses(className)).toBe(cn("size-4 animate-spin", className));
  });

  it("a charge's copy button's and code text's classes are what cn gives, with every className they are given", () => {
    for (const className of callerClassNames("CopyCodeButton")) expect(cx("h-11 w-full text-base", className)).toBe(cn("h-11 w-full text-base", className));
    const texts = callerClassNames("CodeText");
    expect(texts).toContain("order-3");
    for (const className of texts) expect(cx("grid gap-1", className)).toBe(cn("grid gap-1", className));
  });

  it("a table's, its container's and its caption's classes are what cn gives, with every className and containerClassName they are given", () => {
    const tables = callerClassNames("Table");
    expect(tables).toContain("max-md:block");
    for (const className of [...tables, "stacked-table"]) expect(cx(TABLE_CLASSES, "phone-rows", className)).toBe(cn(TABLE_CLASSES, "phone-rows", className));
    const containers = callerClassNames("Table", [], [], "containerClassName");
    expect(containers).toContain("rounded-xl border bg-card px-2 text-card-foreground shadow-sm");
    for (const className of containers) expect(tableContainerClasses(className)).toBe(cn(TABLE_CONTAINER, className));
    const captions = callerClassNames("TableCaption", [], [], "className", 2);
    expect(captions).toEqual(expect.arrayContaining(["mt-2 text-xs", "sr-only"]));
    for (const className of captions) expect(tableCaptionClasses(className)).toBe(cn(TABLE_CAPTION, className));
  });

  it("a select trigger's classes are what cn gives, with every className a <SelectTrigger> or a <LazySelect>'s trigger is given (a caller's width replaces w-fit)", () => {
    const given = callerClassNames("SelectTrigger", [/^components\/ui\/form-field\.tsx: p$/, /^components\/ui\/lazy-select-loaded\.tsx: trigger$/]);
    const lazy = [...sourceFiles("components"), ...sourceFiles("app")].flatMap((f) =>
      [...fs.readFileSync(path.join(ROOT, f), "utf8").matchAll(/<LazySelect\b((?:=>|[^>=]|=(?!>))*)>/g)].map((m) => /\btrigger=\{\{[^}]*\bclassName: "([^"]*)"/.exec(m[1]!)?.[1]),
    );
    expect(lazy).toEqual(expect.arrayContaining(["w-40", "w-full", "w-full min-w-0 *:data-[slot=select-value]:min-w-0"]));
    for (const className of [...given, ...lazy, "w-full font-mono"]) expect(selectTriggerClasses(className)).toBe(cn(SELECT_TRIGGER, className));
  });

  it("an input's classes are what cn gives, with every className an <Input> is given (a caller's text size replaces its own)", () => {
    const given = callerClassNames("Input", [/form\.register\(/, /bind\.field\(/, /^components\/transactions\/filter-chip\.tsx: props$/, /^components\/transactions\/filter-bar(-loaded)?\.tsx: searchFieldProps\(t\)$/], ["DebouncedInput"]);
    expect(given).toContain("font-mono text-xs");
    // The Transactions search field's, given through searchFieldProps (components/transactions/toolbar-parts.tsx).
    expect(searchFieldProps(((key: string) => key) as unknown as Translate).className).toBe("h-8 pl-8");
    for (const className of [...given, "text-sm", "h-8 pl-8"]) expect(inputClasses(className)).toBe(cn(INPUT_CLASSES, className));
  });

  it("an alert's classes are what cn gives, with every className an alert, its title and its description are given", () => {
    for (const variant of ["default", "destructive", "warning", "success"] as const) {
      for (const className of callerClassNames("Alert")) expect(cx(alertVariants({ variant }), className)).toBe(cn(alertVariants({ variant }), className));
    }
    for (const className of [...callerClassNames("AlertTitle"), "mb-1"]) expect(cx(ALERT_TITLE, className)).toBe(cn(ALERT_TITLE, className));
    const descriptions = callerClassNames("AlertDescription");
    expect(descriptions).toContain("grid gap-2");
    for (const className of descriptions) expect(alertDescriptionClasses(className)).toBe(cn(alertDescriptionClasses(), className));
  });
});
