/**
 * Writes .br and .gz beside every compressible file of the client build, at the highest levels,
 * so the server loads them instead of compressing at start. Usage: tsx scripts/precompress.ts build/client
 * The build holds no page: the server renders the public pages at start and compresses them in
 * memory (StaticStore.setRendered); what is left here is the hashed assets and the public files.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

import { COMPRESSIBLE, MIN_COMPRESS_BYTES, walk } from "../server/static-store.ts";

const dir = path.resolve(process.argv[2] ?? "build/client");
let count = 0;
for (const file of walk(dir)) {
  if (!COMPRESSIBLE.has(path.extname(file).toLowerCase())) continue;
  const data = readFileSync(file);
  if (data.length <= MIN_COMPRESS_BYTES) continue;
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
  );
  count++;
}
console.log(`precompressed ${count} files in ${path.relative(process.cwd(), dir)}`);
