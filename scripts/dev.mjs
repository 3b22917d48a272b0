// `npm run dev`: the API server (restarting on change) and Vite (hot reload, /api proxied to it).
import { spawn } from 'node:child_process';

const run = (cmd, args) => spawn(cmd, args, { stdio: 'inherit', shell: process.platform === 'win32' });
const children = [run('npx', ['tsx', 'watch', 'src/server/main.ts']), run('npx', ['vite'])];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
