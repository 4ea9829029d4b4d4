import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

import { DataFolderInUseError, lockDataFolder } from "~/db/client.server";

const folders: string[] = [];
function folder() {
  const dir = mkdtempSync(path.join(tmpdir(), "crossroads-lock-"));
  folders.push(dir);
  return dir;
}
afterEach(() => folders.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe("the embedded database's data-folder lock", () => {
  it("is taken with this process's pid and released", () => {
    const dir = folder();
    const release = lockDataFolder(dir);
    expect(readFileSync(path.join(dir, "server.lock"), "utf8")).toBe(String(process.pid));
    release();
    expect(() => readFileSync(path.join(dir, "server.lock"))).toThrow();
  });

  it("stops a second process with a message naming the holder", () => {
    const dir = folder();
    // The parent of this test process is alive: it stands for another server holding the folder.
    writeFileSync(path.join(dir, "server.lock"), String(process.ppid));
    expect(() => lockDataFolder(dir)).toThrow(DataFolderInUseError);
    expect(() => lockDataFolder(dir)).toThrow(new RegExp(`already open in process ${process.ppid}.*DATABASE_URL`));
  });

  it("takes over a lock left by a process that is gone", () => {
    const dir = folder();
    writeFileSync(path.join(dir, "server.lock"), "2147483646");
    const release = lockDataFolder(dir);
    expect(readFileSync(path.join(dir, "server.lock"), "utf8")).toBe(String(process.pid));
    release();
  });
});
