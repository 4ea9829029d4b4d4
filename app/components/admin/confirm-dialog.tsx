import { useEffect, useId, useRef, type ReactNode } from "react";
import type { Blocker } from "react-router";

import { Button } from "~/components/ui/button";

/**
 * A modal confirmation: a native <dialog> (focus kept inside, Escape cancels, the page inert).
 * `children` are the actions; a Cancel button is always there and is focused first, so Enter
 * never confirms a destructive action by accident.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  actions,
  onCancel,
  cancelLabel = "Cancel",
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  actions: ReactNode;
  onCancel: () => void;
  cancelLabel?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      cancelRef.current?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg border border-slate-200 bg-white p-6 text-navy-900 shadow-xl backdrop:bg-navy-950/50"
    >
      <h2 id={titleId} className="text-lg font-bold">
        {title}
      </h2>
      <div id={textId} className="mt-2 text-sm text-slate-700">
        {children}
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button ref={cancelRef} type="button" variant="secondary" onClick={onCancel}>
          {cancelLabel}
        </Button>
        {actions}
      </div>
    </dialog>
  );
}

/**
 * What an editor with unsaved changes is asked when leaving for another page: the blocker of
 * useUnsavedChanges (use-unsaved-changes.ts) either proceeds or stays. `what`: "post", "item"...
 */
export function UnsavedChangesDialog({ blocker, what }: { blocker: Blocker; what: string }) {
  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      title="Leave without saving?"
      cancelLabel="Stay and keep editing"
      onCancel={() => blocker.reset?.()}
      actions={
        <Button type="button" variant="danger" onClick={() => blocker.proceed?.()}>
          Leave and discard changes
        </Button>
      }
    >
      This {what} has changes that are not saved. They will be lost if you leave.
    </ConfirmDialog>
  );
}
