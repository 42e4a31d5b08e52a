// The server's entry (`node apps/server/dist/server.js`; `tsx src/server.ts` in development). It only sets how V8's
// young generation grows, then loads the server (main.ts) and runs it.
//
// Start-up (loading the packages, building the routes and their schemas) allocates mostly what lives on, so V8 took
// it for a program that needs a large young generation and grew it to its largest (two 16 MB semi-spaces), where an
// idle server then held it: 32 MB of its 140 MB resident. With the growth factor at 1 while starting, the young
// generation stays at its first size; once the server listens the factor is V8's default again, so a server under
// load sizes it as before (docs/decisions/035). The flag is read each time V8 would grow the space, so it is set here,
// before any package is imported: a static import would be loaded before the first line of this file ran.
import v8 from 'node:v8';
import type * as Main from './main.ts';

/** V8's own default (`node --v8-options`): restored once the server listens. */
const DEFAULT_GROWTH_FACTOR = 2;
/** An operator's own setting (NODE_OPTIONS or a node flag) is left alone. */
const operatorSetsIt = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((arg) => /semi[-_]space/.test(arg));

if (!operatorSetsIt) v8.setFlagsFromString('--semi-space-growth-factor=1');
try {
  // Named at run time, so the bundler leaves main.js its own file (dist/main.js) instead of hoisting its imports here.
  const entry = new URL(import.meta.url.endsWith('.ts') ? './main.ts' : './main.js', import.meta.url).href;
  const { main } = (await import(entry)) as typeof Main;
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
} finally {
  if (!operatorSetsIt) v8.setFlagsFromString(`--semi-space-growth-factor=${DEFAULT_GROWTH_FACTOR}`);
}
