/** The workers' V8 flags (server/cluster.ts): single-threaded GC only when they fill every core. */
import { describe, expect, it } from "vitest";

import { workerExecArgv } from "../../server/cluster";

describe("workerExecArgv", () => {
  it("adds --single-threaded-gc when there is a worker for every core", () => {
    expect(workerExecArgv(2, 2, [])).toEqual(["--single-threaded-gc"]);
    expect(workerExecArgv(4, 2, ["--enable-source-maps"])).toEqual(["--enable-source-maps", "--single-threaded-gc"]);
  });

  it("leaves V8's parallel GC to workers that have cores to spare, and never adds the flag twice", () => {
    expect(workerExecArgv(2, 8, [])).toEqual([]);
    expect(workerExecArgv(2, 2, ["--single-threaded-gc"])).toEqual(["--single-threaded-gc"]);
  });
});
