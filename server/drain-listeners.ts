/**
 * One 'drain' listener per response, whatever waits for it.
 *
 * The compression middleware hands a response's 'drain' listeners to its compression stream
 * (`res.on("drain", ...)` becomes `brotli.on("drain", ...)`) but leaves `res.off` and
 * `res.removeListener` as they are, so a listener removed from the response stays on the
 * compression stream. React Router's stream writer waits for 'drain' each time the buffer is full
 * and then removes its listener: on a long download (a CSV export of the whole audit log) one
 * listener per wait piles up on the compression stream (MaxListenersExceededWarning after 10,
 * every one of them run on each later drain, all held until the response ends).
 *
 * This keeps the response's 'drain' listeners in an emitter of its own, fed by one listener added
 * through the middleware, so adding and removing them is exact. Installed right after compression.
 */
import { EventEmitter } from "node:events";
import type { NextFunction, Request, Response } from "express";

type Listener = (...args: unknown[]) => void;

export function oneDrainListener(_req: Request, res: Response, next: NextFunction): void {
  const own = new EventEmitter();
  own.setMaxListeners(0); // each writer removes its own; the count is exact, not a leak sign
  let forwarding = false;
  const on = res.on;
  const once = res.once;
  const off = res.removeListener;
  const forward = () => {
    if (forwarding) return;
    forwarding = true;
    on.call(res, "drain", () => own.emit("drain"));
  };
  res.on = res.addListener = function (this: Response, type: string | symbol, listener: Listener) {
    if (type !== "drain") return on.call(this, type, listener);
    forward();
    own.on("drain", listener);
    return this;
  } as Response["on"];
  res.once = function (this: Response, type: string | symbol, listener: Listener) {
    if (type !== "drain") return once.call(this, type, listener);
    forward();
    own.once("drain", listener);
    return this;
  } as Response["once"];
  res.off = res.removeListener = function (this: Response, type: string | symbol, listener: Listener) {
    if (type !== "drain") return off.call(this, type, listener);
    own.removeListener("drain", listener);
    return this;
  } as Response["removeListener"];
  next();
}
