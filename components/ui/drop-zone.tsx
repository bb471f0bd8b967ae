"use client";

/**
 * A zone to drop files on, with the file picker inside it for keyboard, touch and screen-reader
 * users (the input itself is visually hidden but focusable: the zone shows its focus ring). Used by
 * the evidence upload of an infraction reply and by bulk payouts, so both look and behave alike.
 * The input is emptied after each choice, so the same file can be chosen again after a removal.
 */
import { useState } from "react";
import { FileUp } from "@/components/ui/icons";
import { cx } from "@/lib/class-join";

export type DropZoneProps = {
  /** the file input's id: a `<Label htmlFor>` elsewhere names it too */
  id: string;
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  /** "Drag files here, or" */
  prompt: string;
  /** "choose files": the picker's own label, inside the sentence */
  choose: string;
  /** a line under the prompt (limits, accepted types); the input is described by it */
  hint?: React.ReactNode;
  onFiles: (files: File[]) => void;
  className?: string;
  "data-testid"?: string;
};

export function DropZone({ id, accept, multiple, disabled, prompt, choose, hint, onFiles, className, ...rest }: DropZoneProps) {
  const [dragging, setDragging] = useState(false);
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div
      data-slot="drop-zone"
      data-dragging={dragging || undefined}
      data-disabled={disabled || undefined}
      data-testid={rest["data-testid"]}
      className={cx(
        "flex flex-col items-center gap-2 rounded-md border border-dashed border-input p-6 text-center text-sm focus-within:ring-[3px] focus-within:ring-ring/50 data-[disabled]:opacity-60 data-[dragging]:border-primary data-[dragging]:bg-muted",
        className,
      )}
      onDragEnter={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragOver={(e) => {
        e.preventDefault();
        e.dataTransfer.dropEffect = disabled ? "none" : "copy";
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        const files = Array.from(e.dataTransfer.files);
        if (!disabled && files.length) onFiles(multiple ? files : files.slice(0, 1));
      }}
    >
      <FileUp aria-hidden className="size-6 text-muted-foreground" />
      <p>
        {prompt}{" "}
        <label htmlFor={id} className={cx("font-medium text-primary underline underline-offset-4", disabled ? "cursor-not-allowed" : "cursor-pointer")}>
          {choose}
        </label>
      </p>
      <input
        id={id}
        type="file"
        multiple={multiple}
        accept={accept}
        className="sr-only"
        disabled={disabled}
        aria-describedby={hintId}
        onChange={(e) => {
          const files = e.target.files ? Array.from(e.target.files) : [];
          e.target.value = "";
          if (files.length) onFiles(files);
        }}
      />
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}
