/**
 * The upload area of /admin/graphics. Without JavaScript it is a plain multipart form the page's
 * action handles. With JavaScript, choosing or dropping files uploads each one on its own
 * (XMLHttpRequest, for upload progress; fetch has none) to the storage API, two at a time, with a
 * progress bar and a result per file; the list refreshes when all are done.
 */
import { useCallback, useId, useRef, useState } from "react";
import { Form, useRevalidator } from "react-router";

import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { useHydrated } from "~/lib/use-hydrated";
import {
  ACCEPT_ATTRIBUTE,
  CONTENT_TYPES,
  FILE_TYPES,
  formatBytes,
  GRAPHICS_BUCKET,
  MAX_FILE_BYTES,
  MAX_FILES_PER_FORM,
} from "~/storage/constants";
import { nameProblem, storagePaths, toObjectName } from "~/storage/names";

type Status = "waiting" | "uploading" | "done" | "error";
interface Item {
  id: number;
  fileName: string;
  size: number;
  progress: number;
  status: Status;
  message: string;
}

const CONCURRENCY = 2;
const ACCEPTED_EXTENSIONS = new Set(CONTENT_TYPES.flatMap((t) => FILE_TYPES[t].extensions as readonly string[]));

/** The quick check the browser can make; the server decides from the content. */
function localProblem(file: File): string | null {
  if (file.size > MAX_FILE_BYTES) return `Too large: ${formatBytes(file.size)}. Files can be at most ${formatBytes(MAX_FILE_BYTES)}.`;
  if (file.size === 0) return "The file is empty.";
  const ext = file.name.split(".").pop()?.toLowerCase() ?? "";
  if (!ACCEPTED_EXTENSIONS.has(ext) && !(CONTENT_TYPES as string[]).includes(file.type)) {
    return "Not a supported image: use PNG, JPEG, WebP, GIF, AVIF or SVG.";
  }
  return null;
}

function send(
  file: File,
  name: string,
  upsert: boolean,
  onProgress: (fraction: number) => void,
): Promise<{ ok: boolean; message: string }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", storagePaths.object(GRAPHICS_BUCKET, name));
    xhr.setRequestHeader("Content-Type", "application/octet-stream");
    xhr.setRequestHeader("x-upsert", upsert ? "true" : "false");
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = (xhr.response ?? {}) as { name?: string; message?: string };
      if (xhr.status === 200 && body.name) {
        resolve({
          ok: true,
          message: body.name === name ? `Uploaded as ${body.name}.` : `Uploaded as ${body.name} (extension set from the file’s content).`,
        });
      } else if (xhr.status === 401) {
        resolve({ ok: false, message: "Your session has ended. Sign in again, then upload this file." });
      } else {
        resolve({ ok: false, message: body.message ?? `The server refused the file (HTTP ${xhr.status}).` });
      }
    };
    xhr.onerror = () => resolve({ ok: false, message: "The upload did not reach the server. Check your connection and try again." });
    xhr.send(file);
  });
}

export function GraphicsUploader() {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [items, setItems] = useState<Item[]>([]);
  const [dragging, setDragging] = useState(false);
  const [folder, setFolder] = useState("");
  const [upsert, setUpsert] = useState(false);
  const nextId = useRef(1);
  const active = useRef(0);
  const queue = useRef<{ id: number; file: File; name: string; upsert: boolean }[]>([]);
  const inputRef = useRef<HTMLInputElement>(null);
  const ids = useId();
  const folderProblem = folder.trim() ? nameProblem(folder.trim().replace(/^\/+|\/+$/g, "")) : null;

  const update = useCallback(
    (id: number, patch: Partial<Item>) => setItems((list) => list.map((i) => (i.id === id ? { ...i, ...patch } : i))),
    [],
  );

  // Two uploads at a time; the list refreshes once the queue is empty.
  function pump() {
    while (active.current < CONCURRENCY && queue.current.length > 0) {
      const job = queue.current.shift()!;
      active.current++;
      update(job.id, { status: "uploading" });
      void send(job.file, job.name, job.upsert, (fraction) => update(job.id, { progress: fraction })).then((result) => {
        update(job.id, { status: result.ok ? "done" : "error", progress: result.ok ? 1 : 0, message: result.message });
        active.current--;
        if (active.current === 0 && queue.current.length === 0) void revalidator.revalidate();
        pump();
      });
    }
  }

  const start = (files: FileList | File[]) => {
    const list = [...files];
    if (list.length === 0 || folderProblem) return;
    const prefix = folder.trim().replace(/^\/+|\/+$/g, "");
    const added: Item[] = [];
    for (const file of list) {
      const id = nextId.current++;
      const name = toObjectName(file.name, prefix);
      const problem = localProblem(file) ?? nameProblem(name);
      added.push({ id, fileName: file.name, size: file.size, progress: 0, status: problem ? "error" : "waiting", message: problem ?? "" });
      if (!problem) queue.current.push({ id, file, name, upsert });
    }
    // The newest batch first; older finished results drop off after 50 lines.
    setItems((current) => [...added, ...current].slice(0, 50));
    pump();
  };

  const finished = items.filter((i) => i.status === "done").length;
  const failed = items.filter((i) => i.status === "error").length;
  const pending = items.length - finished - failed;

  return (
    <section aria-labelledby={`${ids}-h`} className="mt-6 rounded-lg border border-slate-200 bg-white p-3 sm:p-4">
      <h2 id={`${ids}-h`} className="text-lg font-semibold">
        Upload images
      </h2>
      <Form
        method="post"
        encType="multipart/form-data"
        className={`mt-3 rounded-lg border-2 border-dashed p-3 transition-colors sm:p-5 ${dragging ? "border-accent bg-orange-50" : "border-slate-300 bg-slate-50"}`}
        onSubmit={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          if (inputRef.current?.files) start(inputRef.current.files);
        }}
        onDragEnter={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = "copy";
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          start(event.dataTransfer.files);
        }}
        data-testid="drop-zone"
      >
        <input type="hidden" name="intent" value="upload" />
        <p className="font-medium text-navy-900">{hydrated ? "Drop images here, or choose files." : "Choose files, then press Upload."}</p>
        <p id={`${ids}-rules`} className="mt-1 text-sm text-slate-700">
          PNG, JPEG, WebP, GIF, AVIF or SVG, up to {formatBytes(MAX_FILE_BYTES)} each
          {hydrated ? "" : ` (at most ${MAX_FILES_PER_FORM} at a time)`}. The type is read from the content; SVG files are cleaned of
          scripts and outside links.
        </p>
        <div className="mt-4 flex flex-wrap items-end gap-4">
          <div>
            <label htmlFor={`${ids}-files`} className="block text-sm font-medium text-navy-900">
              Images
            </label>
            <input
              ref={inputRef}
              id={`${ids}-files`}
              name="files"
              type="file"
              multiple
              required={!hydrated}
              accept={ACCEPT_ATTRIBUTE}
              aria-describedby={`${ids}-rules`}
              onChange={(event) => {
                if (!hydrated) return;
                start(event.currentTarget.files ?? []);
                event.currentTarget.value = "";
              }}
              className="mt-1 block max-w-full text-sm text-navy-900 file:mr-3 file:min-h-10 file:cursor-pointer file:rounded-md file:border-0 file:bg-navy-900 file:px-4 file:font-semibold file:text-white hover:file:bg-navy-800"
            />
          </div>
          <div className="w-full sm:w-auto">
            <label htmlFor={`${ids}-folder`} className="block text-sm font-medium text-navy-900">
              Folder <span className="font-normal text-slate-600">(optional)</span>
            </label>
            <Input
              id={`${ids}-folder`}
              name="folder"
              value={folder}
              onChange={(event) => setFolder(event.currentTarget.value)}
              placeholder="e.g. logos"
              aria-invalid={folderProblem ? true : undefined}
              aria-describedby={folderProblem ? `${ids}-folder-error` : undefined}
              className="mt-1 w-full sm:w-48"
            />
            {folderProblem && (
              <p id={`${ids}-folder-error`} className="mt-1 text-sm text-red-800">
                {folderProblem}
              </p>
            )}
          </div>
          <label className="flex min-h-10 items-center gap-2 text-sm text-navy-900">
            <input
              type="checkbox"
              name="upsert"
              checked={upsert}
              onChange={(event) => setUpsert(event.currentTarget.checked)}
              className="size-4"
            />
            Replace files with the same name
          </label>
          {!hydrated && <Button type="submit">Upload</Button>}
        </div>
      </Form>

      {items.length > 0 && (
        <div className="mt-4">
          <p role="status" className="text-sm font-medium text-navy-900">
            {pending > 0 ? `Uploading: ${finished} of ${items.length} done` : `${finished} uploaded${failed ? `, ${failed} refused` : ""}.`}
          </p>
          <ul className="mt-2 space-y-2" aria-live="polite">
            {items.map((item) => (
              <li key={item.id} className="rounded-md border border-slate-200 p-3 text-sm" data-upload-status={item.status}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <label htmlFor={`${ids}-p${item.id}`} className="font-medium break-all text-navy-900">
                    {item.fileName} <span className="font-normal text-slate-600">({formatBytes(item.size)})</span>
                  </label>
                  <span
                    className={
                      item.status === "error"
                        ? "font-semibold text-red-800"
                        : item.status === "done"
                          ? "font-semibold text-emerald-800"
                          : "text-slate-700"
                    }
                  >
                    {item.status === "waiting"
                      ? "Waiting"
                      : item.status === "uploading"
                        ? `${Math.round(item.progress * 100)}%`
                        : item.status === "done"
                          ? "Uploaded"
                          : "Refused"}
                  </span>
                </div>
                <progress
                  id={`${ids}-p${item.id}`}
                  max={100}
                  value={Math.round(item.progress * 100)}
                  className="mt-2 h-2 w-full accent-navy-900"
                />
                {item.message && <p className={`mt-1 ${item.status === "error" ? "text-red-800" : "text-slate-700"}`}>{item.message}</p>}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
