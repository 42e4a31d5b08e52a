// `npm start`: builds the web app if it is missing, then runs the server (TypeScript through tsx).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const webIndex = new URL('../apps/web/dist/index.html', import.meta.url);
if (!existsSync(webIndex)) {
  console.log('Building the web app (first start only)...');
  const build = spawnSync('npm', ['run', 'build', '-w', '@olden/web'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  stdio: 'inherit',
  cwd: new URL('..', import.meta.url),
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
