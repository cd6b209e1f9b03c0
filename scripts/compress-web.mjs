// After `vite build`: writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the
// web build (scripts, styles, the page, the icon) over 1 kB, once, at build time, so the server
// sends a compressed file without compressing on each request (@fastify/static preCompressed).
// The 890 kB vendor script goes out as about 230 kB. Source maps are left as they are.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(process.argv[2] ?? 'dist');
const TEXT = /\.(js|css|html|svg|json|txt)$/;
let files = 0;
let before = 0;
let after = 0;
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) walk(file);
    else if (TEXT.test(name) && statSync(file).size > 1024) {
      const data = readFileSync(file);
      const br = brotliCompressSync(data, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
      });
      writeFileSync(`${file}.br`, br);
      writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      files++;
      before += data.length;
      after += br.length;
    }
  }
};
walk(dist);
console.log(
  `compressed ${files} files: ${Math.round(before / 1024)} kB -> ${Math.round(after / 1024)} kB (brotli)`,
);
