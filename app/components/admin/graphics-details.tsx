/**
 * One file of /admin/graphics: a large preview and every action on it (rename or move, copy,
 * links, delete). With JavaScript it is a modal <dialog>; without, the server renders it open
 * in the page (the `?file=` address), and each action is a plain form.
 */
import { useEffect, useId, useRef, useState } from "react";
import { Form, useFetcher, useNavigate, useNavigation } from "react-router";

import { Button } from "~/components/ui/button";
import { ButtonLink } from "~/components/ui/button-link";
import { Input, Select } from "~/components/ui/input";
import { useHydrated } from "~/lib/use-hydrated";
import { formatBytes, SIGNED_URL_EXPIRY_OPTIONS } from "~/storage/constants";

import { ConfirmedDeleteForm } from "./confirm-delete";
import { ConfirmDialog } from "./confirm-dialog";
import type { GraphicsOutcome, SelectedGraphic } from "./graphics-types";

/** Copies text; answers whether it worked (the text stays visible to copy by hand if not). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function CopyUrlButton({ url, label, onDone }: { url: string; label: string; onDone: (message: string) => void }) {
  return (
    <Button
      type="button"
      variant="secondary"
      onClick={async () =>
        onDone(
          (await copyText(url)) ? `${label} copied to the clipboard.` : `Could not copy automatically: select the address and copy it.`,
        )
      }
    >
      Copy {label.charAt(0).toLowerCase() + label.slice(1)}
    </Button>
  );
}

/** A rename/move or copy form with its own error beside the field, keeping what was typed. */
function TargetForm({
  file,
  intent,
  label,
  submit,
  defaultValue,
  outcome,
}: {
  file: SelectedGraphic;
  intent: "move" | "copy";
  label: string;
  submit: string;
  defaultValue: string;
  outcome?: GraphicsOutcome;
}) {
  const id = useId();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const refused = outcome && outcome.ok === false && outcome.intent === intent && outcome.values?.name === file.name ? outcome : undefined;
  const error = refused && { message: refused.fieldErrors?.to ?? refused.message, value: refused.values?.to };
  return (
    <Form method="post" preventScrollReset className="flex flex-col gap-2">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="name" value={file.name} />
      <label htmlFor={id} className="text-sm font-medium text-navy-900">
        {label}
      </label>
      <div className="flex gap-2">
        <Input
          id={id}
          name="to"
          required
          maxLength={255}
          defaultValue={error?.value ?? defaultValue}
          key={`${file.name}-${error?.value ?? ""}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="w-full"
        />
        <Button type="submit" variant="secondary" disabled={busy} className="shrink-0">
          {busy ? `${submit}…` : submit}
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-800">
          {error.message}
        </p>
      )}
    </Form>
  );
}

function copyName(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > name.lastIndexOf("/") + 0 && dot > 0 ? `${name.slice(0, dot)} copy${name.slice(dot)}` : `${name} copy`;
}

export function GraphicsDetails({ file, closeHref, outcome }: { file: SelectedGraphic; closeHref: string; outcome?: GraphicsOutcome }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [confirming, setConfirming] = useState(false);
  const signer = useFetcher<GraphicsOutcome>();
  const [copied, setCopied] = useState("");
  const [dimensions, setDimensions] = useState("");
  const ids = useId();
  const imageSrc = `${new URL(file.publicUrl).pathname}?v=${file.version}`;
  const imageRef = useRef<HTMLImageElement>(null);
  // The preview may have loaded before hydration, when onLoad was not listening yet.
  useEffect(() => {
    const image = imageRef.current;
    if (image?.complete && image.naturalWidth) setDimensions(`${image.naturalWidth} × ${image.naturalHeight} px`);
  }, [imageSrc]);

  // With JavaScript: a modal dialog (focus kept inside, Escape closes, the page behind inert).
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!hydrated || !dialog || dialog.open) return;
    dialog.showModal();
  }, [hydrated, file.name]);

  // A signed URL from the fetcher: copy it and say so.
  const signed =
    signer.data?.ok === true
      ? signer.data.signed
      : outcome?.ok === true && outcome.intent === "sign" && outcome.name === file.name
        ? outcome.signed
        : undefined;
  const signError = signer.data?.ok === false ? signer.data.message : undefined;
  useEffect(() => {
    if (signer.state !== "idle" || signer.data?.ok !== true || !signer.data.signed) return;
    const { url, expires } = signer.data.signed;
    void copyText(url).then((ok) =>
      setCopied(
        ok
          ? `Signed URL copied to the clipboard. It expires ${expires}.`
          : `Signed URL ready (expires ${expires}): select it below and copy it.`,
      ),
    );
  }, [signer.state, signer.data]);

  const close = () => void navigate(closeHref, { preventScrollReset: true, replace: true });

  return (
    <dialog
      ref={dialogRef}
      open={hydrated ? undefined : true}
      aria-labelledby={`${ids}-title`}
      onClose={(event) => {
        // React passes the confirmation dialog's close up to here: only this dialog's own counts.
        if (hydrated && event.target === event.currentTarget) close();
      }}
      className={`w-[min(56rem,calc(100%-1rem))] max-w-none rounded-lg border border-slate-300 bg-white p-0 text-navy-900 shadow-xl backdrop:bg-navy-950/60 ${hydrated ? "m-auto" : "static my-6"}`}
    >
      <div className="flex items-start justify-between gap-3 border-b border-slate-200 p-4">
        <div className="min-w-0">
          <h2 id={`${ids}-title`} className="text-lg font-semibold break-all">
            {file.name}
          </h2>
          <p className="text-sm text-slate-700">
            {file.typeLabel} · {formatBytes(file.size)}
            {dimensions && ` · ${dimensions}`} · updated {file.updated}
          </p>
        </div>
        <ButtonLink to={closeHref} prefetch="none" preventScrollReset replace variant="secondary" size="md" className="shrink-0">
          Close<span className="sr-only"> {file.name}</span>
        </ButtonLink>
      </div>
      <div className="grid gap-4 p-4 md:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex min-h-48 items-center justify-center rounded-md bg-[repeating-conic-gradient(#e2e8f0_0%_25%,#fff_0%_50%)] bg-[length:20px_20px] p-2">
          <img
            ref={imageRef}
            src={imageSrc}
            alt={`Preview of ${file.name}`}
            className="max-h-[60vh] max-w-full object-contain"
            onLoad={(event) => setDimensions(`${event.currentTarget.naturalWidth} × ${event.currentTarget.naturalHeight} px`)}
          />
        </div>
        <div className="space-y-5">
          <section aria-label="Links" className="space-y-2">
            <label htmlFor={`${ids}-public`} className="block text-sm font-medium">
              Public URL
            </label>
            <Input
              id={`${ids}-public`}
              readOnly
              value={file.publicUrl}
              className="mt-1 w-full"
              onFocus={(event) => event.currentTarget.select()}
            />
            {hydrated && <CopyUrlButton url={file.publicUrl} label="Public URL" onDone={setCopied} />}
            <signer.Form method="post" preventScrollReset className="flex flex-wrap items-end gap-2 pt-2">
              <input type="hidden" name="intent" value="sign" />
              <input type="hidden" name="name" value={file.name} />
              <label className="text-sm font-medium">
                Signed URL expires in
                <Select name="expiresIn" defaultValue={String(SIGNED_URL_EXPIRY_OPTIONS[0].seconds)} className="mt-1 w-full">
                  {SIGNED_URL_EXPIRY_OPTIONS.map((o) => (
                    <option key={o.seconds} value={o.seconds}>
                      {o.label}
                    </option>
                  ))}
                </Select>
              </label>
              <Button type="submit" variant="secondary" disabled={signer.state !== "idle"}>
                {hydrated ? "Copy signed URL" : "Create signed URL"}
              </Button>
            </signer.Form>
            {signed && (
              <>
                <label htmlFor={`${ids}-signed`} className="block text-sm font-medium">
                  Signed URL (expires {signed.expires})
                </label>
                <Input
                  id={`${ids}-signed`}
                  readOnly
                  value={signed.url}
                  className="mt-1 w-full"
                  onFocus={(event) => event.currentTarget.select()}
                />
              </>
            )}
            <p role="status" className="min-h-5 text-sm font-medium text-emerald-800">
              {copied}
            </p>
            {signError && (
              <p role="alert" className="text-sm text-red-800">
                {signError}
              </p>
            )}
          </section>
          <TargetForm file={file} intent="move" label="Rename or move to" submit="Rename" defaultValue={file.name} outcome={outcome} />
          <TargetForm file={file} intent="copy" label="Copy to" submit="Copy" defaultValue={copyName(file.name)} outcome={outcome} />
          <Form
            method="post"
            preventScrollReset
            onSubmit={(event) => {
              if (!hydrated) return;
              event.preventDefault();
              setConfirming(true);
            }}
          >
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="name" value={file.name} />
            <Button type="submit" variant="danger-outline">
              Delete…
            </Button>
          </Form>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        title={`Delete ${file.name}?`}
        onCancel={() => setConfirming(false)}
        actions={<ConfirmedDeleteForm fields={{ name: file.name }} preventScrollReset onSubmit={() => setConfirming(false)} />}
      >
        Its public and signed URLs stop working (copies cached by browsers may show for up to an hour). This cannot be undone.
      </ConfirmDialog>
    </dialog>
  );
}
