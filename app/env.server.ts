/**
 * The environment, validated once with one schema. The server calls `loadEnv()` at start and
 * stops with a readable message when something is wrong; everything else reads `env()`.
 */
import { z } from "zod";
import { site } from "./config/site";

const optional = (schema: z.ZodString) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), schema.optional());

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  SITE_URL: z
    .url({ protocol: /^https?$/, error: "must be an absolute http(s) URL, e.g. https://www.example.com" })
    .default(site.defaultOrigin)
    .transform((u) => u.replace(/\/+$/, "")),
  /** Test only: adds GET /__test/fault, which fails on purpose, to prove errors never leak. */
  TEST_FAULTS: z
    .enum(["0", "1"], { error: 'must be "0" or "1"' })
    .optional()
    .transform((v) => v === "1"),
  GTM_ID: optional(z.string().regex(/^GTM-[A-Z0-9]{4,12}$/, "must look like GTM-XXXXXXX")),
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  constructor(public readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join("\n")}`);
    this.name = "EnvError";
  }
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`));
  }
  return result.data;
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
