import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The checkout's root (the folder with package.json), found upwards from this module: the same code
 * then reads the contract and the migrations both from src/server (tsx, tests) and from the compiled
 * bundle in dist-server/, whose modules sit at another depth.
 */
function appRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

export const APP_ROOT = appRoot(path.dirname(fileURLToPath(import.meta.url)));
