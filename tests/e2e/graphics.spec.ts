import { randomUUID } from "node:crypto";
import sharp from "sharp";

import { axeViolations } from "./axe";
import { E2E_ORIGIN, E2E_USERS } from "./config";
import { expect, signIn, test, type Page } from "./fixtures";
import { ownClientAddressPerTest } from "./helpers";

ownClientAddressPerTest(test);

const SAME_ORIGIN = { origin: E2E_ORIGIN };
const image = (format: "png" | "jpeg" | "webp" | "gif", width = 480, height = 320, background = "#1a3d6e") =>
  sharp({ create: { width, height, channels: 3, background } })
    .toFormat(format)
    .toBuffer();
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 60" onload="alert('svg')"><script>alert('x')</script><rect width="100" height="60" fill="#0b1f3a"/><circle cx="30" cy="30" r="18" fill="#fb923c"/></svg>`;

/** Signs in as an administrator and opens the graphics manager, once its uploader has hydrated. */
async function openGraphics(page: Page) {
  await signIn(page, E2E_USERS.ops, { to: "/admin/graphics" });
  await expect(page.getByText("Drop images here, or choose files.")).toBeVisible();
}

/** A folder of this test's own, so parallel tests never see each other's files. */
const folderName = () => `t-${randomUUID().slice(0, 8)}`;

async function uploadByPicker(page: Page, folder: string, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  await page.getByLabel("Folder (optional)").fill(folder);
  await page.getByLabel("Images", { exact: true }).setInputFiles(files);
}

const uploadRow = (page: Page, fileName: string) => page.locator("li[data-upload-status]").filter({ hasText: fileName });
const fileRow = (page: Page, name: string) => page.getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });

async function searchFor(page: Page, text: string) {
  await page.getByRole("searchbox", { name: "Search names" }).fill(text);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${text}`));
}

test("upload several files by the picker: progress bars complete, bad files refused, thumbnails shown", async ({ page }) => {
  const folder = folderName();
  await openGraphics(page);
  await uploadByPicker(page, folder, [
    { name: "Team Photo.png", mimeType: "image/png", buffer: await image("png") },
    { name: "banner.jpg", mimeType: "image/jpeg", buffer: await image("jpeg") },
    { name: "mark.svg", mimeType: "image/svg+xml", buffer: Buffer.from(SVG) },
    // A PNG named .gif: stored as .png, from its content.
    { name: "wrong-name.gif", mimeType: "image/gif", buffer: await image("png", 100, 100, "#c2410c") },
    // A renamed executable and a 12 MB file: refused.
    { name: "setup.png", mimeType: "image/png", buffer: Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00", "latin1"), Buffer.alloc(4096)]) },
    { name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(12 * 1024 * 1024) },
  ]);
  await expect(page.getByRole("status").filter({ hasText: "uploaded" })).toHaveText("4 uploaded, 2 refused.", { timeout: 20_000 });
  for (const name of ["Team Photo.png", "banner.jpg", "mark.svg", "wrong-name.gif"]) {
    await expect(uploadRow(page, name)).toHaveAttribute("data-upload-status", "done");
    await expect(uploadRow(page, name).locator("progress")).toHaveAttribute("value", "100");
  }
  await expect(uploadRow(page, "wrong-name.gif")).toContainText(`Uploaded as ${folder}/wrong-name.png`);
  await expect(uploadRow(page, "setup.png")).toContainText("Only PNG, JPEG, WebP, GIF, AVIF and SVG images can be uploaded");
  await expect(uploadRow(page, "huge.png")).toContainText("Too large: 12 MB. Files can be at most 10 MB.");
  // The progress bars are labelled by their file.
  await expect(page.getByRole("progressbar", { name: /banner\.jpg/ })).toHaveAttribute("value", "100");

  await searchFor(page, folder);
  await expect(page.getByText(`Showing 1–4 of 4 files matching “${folder}”`)).toBeVisible();
  const names = await page.getByRole("rowheader").allTextContents();
  expect(names).toEqual([`${folder}/banner.jpg`, `${folder}/mark.svg`, `${folder}/Team Photo.png`, `${folder}/wrong-name.png`]);
  const thumbnails = page.locator("tbody img");
  await expect(thumbnails).toHaveCount(4);
  for (const thumb of await thumbnails.all()) {
    await thumb.scrollIntoViewIfNeeded();
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  }
  await expect(fileRow(page, `${folder}/mark.svg`)).toContainText("SVG");

  // The stored SVG kept its drawing and lost its scripts.
  const svg = await page.request.get(`/storage/v1/object/public/graphics/${folder}/mark.svg`);
  const text = await svg.text();
  expect(text).toContain("<circle");
  expect(text).not.toMatch(/script|onload|alert/);
});

test("upload by dropping files on the drop zone", async ({ page }) => {
  const folder = folderName();
  await openGraphics(page);
  await page.getByLabel("Folder (optional)").fill(folder);
  const png = (await image("webp", 64, 64)).toString("base64");
  const dataTransfer = await page.evaluateHandle((base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const transfer = new DataTransfer();
    transfer.items.add(new File([bytes], "dropped one.webp", { type: "image/webp" }));
    transfer.items.add(new File([bytes], "dropped two.webp", { type: "image/webp" }));
    return transfer;
  }, png);
  const zone = page.getByTestId("drop-zone");
  await zone.dispatchEvent("dragenter", { dataTransfer });
  await zone.dispatchEvent("dragover", { dataTransfer });
  await zone.dispatchEvent("drop", { dataTransfer });
  await expect(page.getByRole("status").filter({ hasText: "uploaded" })).toHaveText("2 uploaded.");
  await expect(uploadRow(page, "dropped one.webp").locator("progress")).toHaveAttribute("value", "100");
  await searchFor(page, folder);
  await expect(page.getByRole("rowheader")).toHaveText([`${folder}/dropped one.webp`, `${folder}/dropped two.webp`]);
});

test("preview, rename, copy, copy URLs and delete with confirmation", async ({ page, context }) => {
  const folder = folderName();
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: E2E_ORIGIN });
  await openGraphics(page);
  await uploadByPicker(page, folder, [{ name: "logo.png", mimeType: "image/png", buffer: await image("png", 300, 200, "#c2410c") }]);
  await expect(page.getByRole("status").filter({ hasText: "uploaded" })).toHaveText("1 uploaded.");
  await searchFor(page, folder);

  // Preview in a modal dialog.
  await page.getByRole("link", { name: `${folder}/logo.png` }).click();
  const dialog = page.getByRole("dialog", { name: `${folder}/logo.png` });
  await expect(dialog).toBeVisible();
  const preview = dialog.getByRole("img", { name: `Preview of ${folder}/logo.png` });
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);
  await expect(dialog).toContainText("300 × 200 px");

  // Copy the public URL, then a signed one.
  await dialog.getByRole("button", { name: "Copy public URL" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Public URL copied to the clipboard.");
  const publicUrl = await page.evaluate(() => navigator.clipboard.readText());
  expect(publicUrl).toBe(`https://www.crossroadsit.example/storage/v1/object/public/graphics/${folder}/logo.png`);
  await dialog.getByLabel("Signed URL expires in").selectOption({ label: "1 day" });
  await dialog.getByRole("button", { name: "Copy signed URL" }).click();
  await expect(dialog.getByRole("status")).toContainText("Signed URL copied to the clipboard. It expires");
  const signedUrl = new URL(await page.evaluate(() => navigator.clipboard.readText()));
  expect(signedUrl.pathname).toBe(`/storage/v1/object/sign/graphics/${folder}/logo.png`);
  const signed = await page.request.get(`${signedUrl.pathname}${signedUrl.search}`);
  expect(signed.status()).toBe(200);
  expect(signed.headers()["cache-control"]).toBe("private, max-age=3600");
  const expiry = Number(signedUrl.searchParams.get("token")!.split(".")[0]) * 1000 - Date.now();
  expect(expiry).toBeGreaterThan(86_000_000);
  expect(expiry).toBeLessThanOrEqual(86_400_000);

  // Rename: a taken or bad name is refused beside the field, keeping what was typed.
  const renameField = dialog.getByLabel("Rename or move to");
  await renameField.fill(`${folder}/../escape.png`);
  await dialog.getByRole("button", { name: "Rename" }).click();
  await expect(renameField).toHaveAttribute("aria-invalid", "true");
  await expect(dialog).toContainText("The name contains “..”.");
  await expect(renameField).toHaveValue(`${folder}/../escape.png`);
  await renameField.fill(`${folder}/brand/logo-final`);
  await dialog.getByRole("button", { name: "Rename" }).click();
  await expect(page.getByText(`Moved “${folder}/logo.png” to “${folder}/brand/logo-final.png”.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("rowheader")).toHaveText([`${folder}/brand/logo-final.png`]);
  expect((await page.request.get(`/storage/v1/object/public/graphics/${folder}/logo.png`)).status()).toBe(404);

  // Copy.
  await page.getByRole("link", { name: `${folder}/brand/logo-final.png` }).click();
  const renamed = page.getByRole("dialog", { name: `${folder}/brand/logo-final.png` });
  await expect(renamed.getByLabel("Copy to")).toHaveValue(`${folder}/brand/logo-final copy.png`);
  await renamed.getByRole("button", { name: "Copy", exact: true }).click();
  await expect(page.getByText(`Copied “${folder}/brand/logo-final.png” to “${folder}/brand/logo-final copy.png”.`)).toBeVisible();
  await expect(page.getByRole("rowheader")).toHaveText([`${folder}/brand/logo-final copy.png`, `${folder}/brand/logo-final.png`]);

  // Delete: Cancel keeps the file; confirming deletes it.
  await expect(renamed).toBeVisible();
  await renamed.getByRole("button", { name: "Delete…" }).click();
  const confirm = page.getByRole("dialog", { name: `Delete ${folder}/brand/logo-final.png?` });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await renamed.getByRole("button", { name: "Delete…" }).click();
  await confirm.getByRole("button", { name: "Delete permanently" }).click();
  await expect(page.getByText(`Deleted “${folder}/brand/logo-final.png”.`)).toBeVisible();
  await expect(page.getByRole("rowheader")).toHaveText([`${folder}/brand/logo-final copy.png`]);
  // Escape closes the preview and leaves its address.
  await page.getByRole("link", { name: `${folder}/brand/logo-final copy.png` }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(page).not.toHaveURL(/file=/);
});

test("files are served with cache, ETag, 304, their type, nosniff, and SVG cannot run script", async ({ page }) => {
  const folder = folderName();
  await openGraphics(page);
  await uploadByPicker(page, folder, [
    { name: "photo.jpg", mimeType: "image/jpeg", buffer: await image("jpeg") },
    { name: "mark.svg", mimeType: "image/svg+xml", buffer: Buffer.from(SVG) },
  ]);
  await expect(page.getByRole("status").filter({ hasText: "uploaded" })).toHaveText("2 uploaded.");
  const photo = await page.request.get(`/storage/v1/object/public/graphics/${folder}/photo.jpg`);
  expect(photo.status()).toBe(200);
  const headers = photo.headers();
  expect(headers["content-type"]).toBe("image/jpeg");
  expect(headers["cache-control"]).toBe("public, max-age=3600");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers.etag).toMatch(/^"[0-9a-f]{64}"$/);
  const again = await page.request.get(`/storage/v1/object/public/graphics/${folder}/photo.jpg`, {
    headers: { "if-none-match": headers.etag },
  });
  expect(again.status()).toBe(304);
  const thumb = await page.request.get(`/storage/v1/render/image/public/graphics/${folder}/photo.jpg`);
  expect(thumb.headers()["content-type"]).toBe("image/webp");
  expect((await sharp(await thumb.body()).metadata()).width).toBe(320);

  const svg = await page.request.get(`/storage/v1/object/public/graphics/${folder}/mark.svg`);
  expect(svg.headers()["content-type"]).toBe("image/svg+xml; charset=utf-8");
  expect(svg.headers()["content-security-policy"]).toBe(
    "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox",
  );
  expect(svg.headers()["x-content-type-options"]).toBe("nosniff");

  // Opened directly, even a script that got through could not run: no dialog, no script execution.
  let dialogs = 0;
  page.on("dialog", (d) => {
    dialogs++;
    void d.dismiss();
  });
  await page.goto(`/storage/v1/object/public/graphics/${folder}/mark.svg`);
  await expect(page.locator("svg circle")).toHaveCount(1);
  expect(dialogs).toBe(0);

  expect((await page.request.get(`/storage/v1/object/public/graphics/${folder}/missing.png`)).status()).toBe(404);
  const tampered = await page.request.get(`/storage/v1/object/sign/graphics/${folder}/photo.jpg?token=9999999999.${"A".repeat(43)}`);
  expect(tampered.status()).toBe(403);
  expect(await tampered.text()).toContain("Invalid signed URL");
});

test("the list shows 100 per page by name with Previous and Next; search says when nothing matches", async ({ page }) => {
  const folder = folderName();
  await openGraphics(page);
  const png = await image("png", 4, 4);
  for (let i = 0; i < 101; i++) {
    const response = await page.request.post(`/storage/v1/object/graphics/${folder}/icon-${String(i).padStart(3, "0")}.png`, {
      headers: SAME_ORIGIN,
      data: png,
    });
    expect(response.status()).toBe(200);
  }
  await searchFor(page, folder);
  await expect(page.getByText(`Showing 1–100 of 101 files matching “${folder}”, sorted by name.`)).toBeVisible();
  await expect(page.getByRole("rowheader")).toHaveCount(100);
  await expect(page.getByRole("rowheader").first()).toHaveText(`${folder}/icon-000.png`);
  await expect(page.getByRole("rowheader").last()).toHaveText(`${folder}/icon-099.png`);
  const pages = page.getByRole("navigation", { name: "Pages" });
  await expect(pages).toContainText("Page 1 of 2");
  await pages.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/offset=100/);
  await expect(page.getByText(`Showing 101–101 of 101 files matching “${folder}”, sorted by name.`)).toBeVisible();
  await expect(page.getByRole("rowheader")).toHaveText([`${folder}/icon-100.png`]);
  await pages.getByRole("link", { name: "Previous" }).click();
  await expect(page.getByRole("rowheader")).toHaveCount(100);

  await searchFor(page, `nothing-${randomUUID().slice(0, 8)}`);
  await expect(page.getByText(/^No files match/)).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
  await page.getByRole("link", { name: "Clear" }).click();
  await expect(page).toHaveURL((url) => url.search === "");
});

test("the storage API refuses calls without a session (Auth session missing!) and without the admin role (403)", async ({
  page,
  request,
}) => {
  const png = await image("png", 8, 8);
  const calls = [
    () => request.post("/storage/v1/object/graphics/anon.png", { headers: SAME_ORIGIN, data: png }),
    () => request.post("/storage/v1/object/list/graphics", { headers: SAME_ORIGIN, data: {} }),
    () =>
      request.post("/storage/v1/object/move", {
        headers: SAME_ORIGIN,
        data: { bucketId: "graphics", sourceKey: "a.png", destinationKey: "b.png" },
      }),
    () =>
      request.post("/storage/v1/object/copy", {
        headers: SAME_ORIGIN,
        data: { bucketId: "graphics", sourceKey: "a.png", destinationKey: "b.png" },
      }),
    () => request.post("/storage/v1/object/sign/graphics/a.png", { headers: SAME_ORIGIN, data: { expiresIn: 60 } }),
    () => request.delete("/storage/v1/object/graphics/a.png", { headers: SAME_ORIGIN }),
    () => request.get("/storage/v1/object/graphics/a.png"),
    () => request.get("/storage/v1/bucket"),
  ];
  for (const call of calls) {
    const response = await call();
    expect(response.status(), response.url()).toBe(401);
    expect(await response.json()).toEqual({ code: "session_not_found", message: "Auth session missing!" });
  }
  // A foreign site cannot post at all.
  expect(
    (await request.post("/storage/v1/object/graphics/csrf.png", { headers: { origin: "https://evil.example" }, data: png })).status(),
  ).toBe(403);

  await signIn(page, E2E_USERS.staff, { to: "/" });
  const staffUpload = await page.request.post("/storage/v1/object/graphics/staff.png", { headers: SAME_ORIGIN, data: png });
  expect(staffUpload.status()).toBe(403);
  expect((await staffUpload.json()).message).toBe("You don't have permission to access this area");
  expect((await page.request.post("/storage/v1/object/list/graphics", { headers: SAME_ORIGIN, data: {} })).status()).toBe(403);
  expect(
    (
      await page.request.post("/admin/graphics", { headers: SAME_ORIGIN, form: { intent: "delete", name: "a.png", confirm: "yes" } })
    ).status(),
  ).toBe(403);
});

test("the graphics manager, its upload results and its preview dialog have no WCAG 2.2 AA violations", async ({ page }) => {
  const folder = folderName();
  await openGraphics(page);
  await uploadByPicker(page, folder, [
    { name: "ok.png", mimeType: "image/png", buffer: await image("png", 64, 64) },
    { name: "bad.png", mimeType: "image/png", buffer: Buffer.from("not an image at all") },
  ]);
  await expect(page.getByRole("status").filter({ hasText: "uploaded" })).toHaveText("1 uploaded, 1 refused.");
  expect(await axeViolations(page)).toEqual([]);
  await searchFor(page, folder);
  await page.getByRole("link", { name: `${folder}/ok.png` }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test("without JavaScript: upload by the form, open a file, and delete after a confirmation step", async ({ browser }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { "x-forwarded-for": `10.77.${Math.floor(Math.random() * 250)}.9` },
  });
  const page = await context.newPage();
  const folder = folderName();
  await signIn(page, E2E_USERS.ops, { to: "/admin/graphics" });
  await expect(page.getByText("Choose files, then press Upload.")).toBeVisible();
  await page.getByLabel("Folder (optional)").fill(folder);
  await page.getByLabel("Images", { exact: true }).setInputFiles([
    { name: "plain.png", mimeType: "image/png", buffer: await image("png", 32, 32) },
    { name: "fake.png", mimeType: "image/png", buffer: Buffer.from("#!/bin/sh\necho hi\n") },
  ]);
  await page.getByRole("button", { name: "Upload" }).click();
  const outcome = page.getByRole("alert");
  await expect(outcome).toContainText("1 of 2 files uploaded.");
  await expect(outcome).toContainText(`plain.png: Uploaded as ${folder}/plain.png.`);
  await expect(outcome).toContainText("fake.png: Only PNG, JPEG, WebP, GIF, AVIF and SVG images can be uploaded");

  await page.goto(`/admin/graphics?q=${folder}&file=${encodeURIComponent(`${folder}/plain.png`)}`);
  const details = page.getByRole("dialog", { name: `${folder}/plain.png` });
  await expect(details).toBeVisible();
  await details.getByRole("button", { name: "Delete…" }).click();
  await expect(page.getByRole("alert")).toContainText(`Delete “${folder}/plain.png”? This cannot be undone.`);
  expect((await page.request.get(`/storage/v1/object/public/graphics/${folder}/plain.png`)).status()).toBe(200);
  await page.getByRole("alert").getByRole("button", { name: "Delete permanently" }).click();
  await expect(page.getByRole("status")).toContainText(`Deleted “${folder}/plain.png”.`);
  expect((await page.request.get(`/storage/v1/object/public/graphics/${folder}/plain.png`)).status()).toBe(404);
  await context.close();
});
