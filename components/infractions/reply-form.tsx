"use client";
/**
 * Replying to a PIX infraction (MED): a message, up to 5 evidence files (PDF, JPG, PNG by content,
 * at most 10 MB each) chosen with the file picker or dropped on the zone, the evidence checklist for
 * the infraction type and kind of sale, and an upload with progress to
 * `POST /api/infractions/{id}/reply`. Files are checked here by their first bytes (the server checks
 * again). The draft (message, kind of sale, the chosen files' names) is kept in localStorage per
 * infraction until the reply is sent; files themselves cannot be restored, only named.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { useRouter } from "next/navigation";
import { X } from "@/components/ui/icons";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/plain-button";
import { DropZone } from "@/components/ui/drop-zone";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { useI18n } from "@/components/providers/i18n-provider";
import { translateKeyOrText } from "@/lib/i18n/translate";
import {
  checkEvidence,
  EVIDENCE_ACCEPT,
  evidenceChecklist,
  formatBytes,
  MAX_FILES,
  MAX_MESSAGE,
  SALE_KINDS,
  SNIFF_BYTES,
  type SaleKind,
} from "@/lib/infractions/evidence";

type Chosen = { key: string; file: File; head: Uint8Array };
type Draft = { message: string; fileNames: string[]; kind: SaleKind };

const draftKey = (infractionId: string) => `infraction-reply-draft:${infractionId}`;

function loadDraft(infractionId: string): Draft | null {
  try {
    const raw = window.localStorage.getItem(draftKey(infractionId));
    if (!raw) return null;
    const d = JSON.parse(raw) as Partial<Draft>;
    return {
      message: typeof d.message === "string" ? d.message.slice(0, MAX_MESSAGE) : "",
      fileNames: Array.isArray(d.fileNames) ? d.fileNames.filter((n): n is string => typeof n === "string").slice(0, 20) : [],
      kind: SALE_KINDS.includes(d.kind as SaleKind) ? (d.kind as SaleKind) : "physical",
    };
  } catch {
    return null;
  }
}

function saveDraft(infractionId: string, d: Draft) {
  try {
    if (!d.message && !d.fileNames.length && d.kind === "physical") window.localStorage.removeItem(draftKey(infractionId));
    else window.localStorage.setItem(draftKey(infractionId), JSON.stringify(d));
  } catch {
    /* storage full or disabled: the draft is a convenience */
  }
}

function clearDraft(infractionId: string) {
  try {
    window.localStorage.removeItem(draftKey(infractionId));
  } catch {
    /* ignore */
  }
}

/**
 * The reply's form, inside the page's "Reply" card (the page writes the card, its title and intro, and
 * says why there is no form when the infraction is closed or the member may not reply). Rendered once
 * hydrated, so the draft can be read while the state is first built.
 */
export function ReplyForm({ infractionId, type }: { infractionId: string; type: string }) {
  if (!useHydrated()) return null;
  return <ReplyFormBody key={infractionId} infractionId={infractionId} type={type} />;
}

const noSubscription = () => () => {};
/** False on the server and during hydration, true after: the draft lives in the browser only. */
const useHydrated = () => useSyncExternalStore(noSubscription, () => true, () => false);

function ReplyFormBody({ infractionId, type }: { infractionId: string; type: string }) {
  const { t } = useI18n();
  const router = useRouter();
  const uid = useId();
  const ids = { message: `${uid}-message`, files: `${uid}-files`, kind: `${uid}-kind`, progress: `${uid}-progress`, counter: `${uid}-counter`, hint: `${uid}-hint` };

  const [draft] = useState(() => loadDraft(infractionId));
  const [message, setMessage] = useState(draft?.message ?? "");
  const [kind, setKind] = useState<SaleKind>(draft?.kind ?? "physical");
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [previous, setPrevious] = useState<string[]>(draft?.fileNames ?? []);
  const [ticked, setTicked] = useState<Set<string>>(() => new Set());
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const xhrRef = useRef<XMLHttpRequest | null>(null);

  // The draft, restored above when the state was built, is kept up to date in localStorage.
  useEffect(() => {
    const names = chosen.map((c) => c.file.name);
    const keptPrevious = previous.filter((n) => !names.includes(n));
    saveDraft(infractionId, { message, kind, fileNames: [...names, ...keptPrevious] });
  }, [infractionId, message, kind, chosen, previous]);
  useEffect(() => () => xhrRef.current?.abort(), []);

  const problems = useMemo(() => checkEvidence(chosen.map((c) => ({ name: c.file.name, size: c.file.size, head: c.head }))), [chosen]);
  const missingPrevious = previous.filter((n) => !chosen.some((c) => c.file.name === n));
  const uploading = progress !== null;

  const addFiles = useCallback(async (list: FileList | File[]) => {
    const files = Array.from(list);
    if (!files.length) return;
    const added = await Promise.all(
      files.map(async (file) => ({
        key: `${file.name}:${file.size}:${file.lastModified}:${Math.random().toString(36).slice(2)}`,
        file,
        head: new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()),
      })),
    );
    setChosen((prev) => [...prev, ...added]);
    setError(null);
    setSent(false);
  }, []);

  const remove = (key: string) => setChosen((prev) => prev.filter((c) => c.key !== key));

  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (uploading) return;
    setSent(false);
    if (!message.trim()) return setError(t("infractions.reply.errors.messageRequired"));
    if (message.length > MAX_MESSAGE) return setError(translateKeyOrText(t, `infractions.reply.errors.messageTooLong|max=${MAX_MESSAGE}`));
    if (problems.length) return setError(problems.map((p) => translateKeyOrText(t, p.message)).join(" "));
    setError(null);

    const body = new FormData();
    body.append("message", message);
    for (const c of chosen) body.append("files", c.file, c.file.name);
    const xhr = new XMLHttpRequest();
    xhrRef.current = xhr;
    xhr.open("POST", `/api/infractions/${encodeURIComponent(infractionId)}/reply`);
    xhr.responseType = "json";
    xhr.upload.onprogress = (ev) => {
      if (ev.lengthComputable) setProgress(Math.min(100, Math.round((ev.loaded / ev.total) * 100)));
    };
    xhr.onload = () => {
      xhrRef.current = null;
      setProgress(null);
      const res = xhr.response as { ok?: boolean; error?: { message?: string } } | null;
      if (xhr.status >= 200 && xhr.status < 300 && res?.ok) {
        clearDraft(infractionId);
        setMessage("");
        setChosen([]);
        setPrevious([]);
        setTicked(new Set());
        setSent(true);
        router.refresh();
        return;
      }
      setError(res?.error?.message ?? t("infractions.reply.errors.unexpected", { status: xhr.status }));
    };
    xhr.onerror = () => {
      xhrRef.current = null;
      setProgress(null);
      setError(t("infractions.reply.errors.network"));
    };
    setProgress(0);
    xhr.send(body);
  }

  const items = evidenceChecklist(type, kind);
  const problemsFor = (i: number) => problems.filter((p) => p.index === i);
  const selectionProblems = problems.filter((p) => p.index === null);

  return (
        <form onSubmit={submit} className="grid gap-6" noValidate>
          <div className="grid gap-2">
            <Label htmlFor={ids.message}>{t("infractions.reply.message")}</Label>
            <Textarea
              id={ids.message}
              required
              maxLength={MAX_MESSAGE}
              rows={6}
              value={message}
              disabled={uploading}
              aria-describedby={`${ids.hint} ${ids.counter}`}
              onChange={(e) => {
                setMessage(e.target.value);
                setSent(false);
              }}
            />
            <div className="flex justify-between gap-4 text-xs text-muted-foreground">
              <span id={ids.hint}>{t("infractions.reply.messageHint")}</span>
              <span id={ids.counter} aria-live="polite">
                {t("infractions.reply.counter", { count: message.length, max: MAX_MESSAGE })}
              </span>
            </div>
          </div>

          <fieldset className="grid gap-3">
            <legend className="text-sm font-medium">{t("infractions.reply.checklistTitle")}</legend>
            <div className="grid gap-2">
              <Label htmlFor={ids.kind}>{t("infractions.reply.kind")}</Label>
              <NativeSelect id={ids.kind} value={kind} onChange={(e) => setKind(e.target.value as SaleKind)} disabled={uploading}>
                {SALE_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {t(`infractions.reply.kinds.${k}`)}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <p className="text-xs text-muted-foreground">{t("infractions.reply.checklistHint")}</p>
            <ul className="grid gap-1.5">
              {items.map((item) => {
                const id = `${uid}-check-${item}`;
                return (
                  <li key={item} className="flex items-center gap-2 text-sm">
                    <input
                      id={id}
                      type="checkbox"
                      className="size-4"
                      checked={ticked.has(item)}
                      onChange={(e) =>
                        setTicked((prev) => {
                          const next = new Set(prev);
                          if (e.target.checked) next.add(item);
                          else next.delete(item);
                          return next;
                        })
                      }
                    />
                    <label htmlFor={id}>{t(`infractions.reply.checklist.${item}`)}</label>
                  </li>
                );
              })}
            </ul>
          </fieldset>

          <div className="grid gap-2">
            <span className="text-sm font-medium">{t("infractions.reply.files")}</span>
            <DropZone
              id={ids.files}
              multiple
              accept={EVIDENCE_ACCEPT}
              disabled={uploading}
              prompt={t("infractions.reply.dropHere")}
              choose={t("infractions.reply.choose")}
              hint={t("infractions.reply.filesHint", { max: MAX_FILES })}
              onFiles={(files) => void addFiles(files)}
            />

            {missingPrevious.length > 0 && (
              <p className="text-sm text-muted-foreground" role="status">
                {t("infractions.reply.previouslyChosen", { names: missingPrevious.join(", ") })}
              </p>
            )}

            <div className="grid gap-1">
              <span className="text-xs text-muted-foreground">{t("infractions.reply.chosen")}</span>
              {chosen.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t("infractions.reply.noFiles")}</p>
              ) : (
                <ul className="grid gap-1">
                  {chosen.map((c, i) => {
                    const own = problemsFor(i);
                    return (
                      <li key={c.key} className="flex items-start justify-between gap-3 rounded-md border px-3 py-2 text-sm" data-invalid={own.length ? true : undefined}>
                        <div className="min-w-0">
                          <span className="break-all font-medium">{c.file.name}</span> <span className="text-muted-foreground">({formatBytes(c.file.size)})</span>
                          {own.map((p) => (
                            <p key={p.code} className="text-destructive">
                              {translateKeyOrText(t, p.message)}
                            </p>
                          ))}
                        </div>
                        <Button type="button" size="sm" variant="ghost" disabled={uploading} onClick={() => remove(c.key)} aria-label={t("infractions.reply.remove", { name: c.file.name })}>
                          <X aria-hidden />
                        </Button>
                      </li>
                    );
                  })}
                </ul>
              )}
              {selectionProblems.map((p) => (
                <p key={p.code} className="text-sm text-destructive" role="alert">
                  {translateKeyOrText(t, p.message)}
                </p>
              ))}
            </div>
          </div>

          {progress !== null && (
            <div className="grid gap-1">
              <label htmlFor={ids.progress} className="text-sm">
                {t("infractions.reply.progress")}: {progress}%
              </label>
              <progress id={ids.progress} max={100} value={progress} className="w-full" />
            </div>
          )}

          {error && (
            <Alert variant="destructive">
              <AlertDescription>{error}</AlertDescription>
            </Alert>
          )}
          {sent && (
            <Alert variant="success" role="status">
              <AlertDescription>{t("infractions.reply.sent")}</AlertDescription>
            </Alert>
          )}

          <div>
            <Button type="submit" disabled={uploading || problems.length > 0}>
              {uploading ? t("infractions.reply.sending") : t("infractions.reply.send")}
            </Button>
          </div>
        </form>
  );
}
