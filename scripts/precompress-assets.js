// Writes a brotli (.br, best quality) and a gzip (.gz) copy beside each compressible file of
// build/client/assets. The server sends the one the browser accepts (express-static-gzip): smaller
// than compressing on every request at the fast level a live response can afford, and no CPU spent.
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const dir = path.resolve("build/client/assets");
const COMPRESSIBLE = /\.(js|css|svg|json|txt)$/;

const names = (await readdir(dir)).filter((name) => COMPRESSIBLE.test(name));
await Promise.all(
  names.map(async (name) => {
    const file = path.join(dir, name);
    const bytes = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
      gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
  }),
);
