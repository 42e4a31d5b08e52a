// `npm start`: builds what is missing (the web app once, the server whenever its sources are newer than its bundle),
// then runs the bundled server with plain node (decision 001).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { buildServer, serverBuildIsStale, serverEntry } from './build-server.mjs';

const root = new URL('..', import.meta.url);
const webIndex = new URL('apps/web/dist/index.html', root);
if (!existsSync(webIndex)) {
  console.log('Building the web app (first start only)...');
  const build = spawnSync('npm', ['run', 'build', '-w', '@olden/web'], { stdio: 'inherit', cwd: root });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (serverBuildIsStale()) {
  console.log(existsSync(serverEntry) ? 'Building the server (its sources changed)...' : 'Building the server...');
  await buildServer();
}

const server = spawn(process.execPath, [serverEntry], {
  stdio: 'inherit',
  cwd: root,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
