// The deployment files, checked as far as a machine without a container engine allows (no image is built or
// pulled here): compose.yaml and the Dockerfile parse, every image is pinned, every setting compose or the server
// reads is in .env.example with the secrets required, and the health paths they probe answer in the app.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { ENV_VARIABLES } from './config.ts';
import { useTestApp } from './test/harness.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

// ---- compose.yaml ----------------------------------------------------------------------------------------

interface Service {
  image?: string;
  build?: unknown;
  command?: string[] | string;
  environment?: Record<string, string | number | boolean | null>;
  healthcheck?: { test?: string[]; disable?: boolean };
}
const composeText = read('compose.yaml');
const compose = parseYaml(composeText, { merge: true }) as { services: Record<string, Service> };
const services = Object.entries(compose.services);
const apiServices = services.filter(([, s]) => s.environment && 'JWT_SECRET' in s.environment);

/** `name:tag` with a version in the tag (a digit), or a digest; never `latest` or no tag at all. */
function isPinned(image: string): boolean {
  if (/@sha256:[0-9a-f]{64}$/.test(image)) return true;
  const tag = /:([^/:@]+)$/.exec(image)?.[1];
  return tag !== undefined && tag !== 'latest' && /\d/.test(tag) && !/latest/.test(tag);
}

// ---- .env.example ----------------------------------------------------------------------------------------

const envExample = read('.env.example');
/** Every NAME= line, commented (optional, its default) or not (required). */
const listed = new Set([...envExample.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!));
const requiredInExample = new Set([...envExample.matchAll(/^([A-Z][A-Z0-9_]*)=\s*$/gm)].map((m) => m[1]!));

/** Compose's interpolations: ${NAME}, ${NAME:-default}, ${NAME:?message} (with or without the colon). */
const interpolations = [...composeText.matchAll(/\$\{([A-Z][A-Z0-9_]*)(:?[-?])?/g)].map((m) => ({ name: m[1]!, op: m[2] ?? '' }));

// ---- Dockerfile ------------------------------------------------------------------------------------------

interface Instruction {
  keyword: string;
  args: string;
}
/** Instructions with continuation lines joined, comments dropped. */
function dockerInstructions(text: string): Instruction[] {
  const joined = text.replace(/\\\r?\n/g, ' ');
  return joined
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'))
    .map((l) => {
      const [keyword, ...rest] = l.split(/\s+/);
      return { keyword: keyword!.toUpperCase(), args: rest.join(' ') };
    });
}
const dockerfile = dockerInstructions(read('Dockerfile'));
const argDefaults = Object.fromEntries(
  dockerfile.filter((i) => i.keyword === 'ARG' && i.args.includes('=')).map((i) => i.args.split('=') as [string, string]),
);
const stages: { from: string; name?: string; body: Instruction[] }[] = [];
for (const instruction of dockerfile) {
  if (instruction.keyword === 'FROM') {
    const [image, as, name] = instruction.args.split(/\s+/);
    const from = image!.replace(/^\$\{?([A-Z_]+)\}?$/, (_, arg: string) => argDefaults[arg] ?? image!);
    stages.push({ from, name: as?.toUpperCase() === 'AS' ? name : undefined, body: [] });
  } else stages.at(-1)?.body.push(instruction);
}
const runtime = stages.at(-1)!;
const runtimeEnv = Object.fromEntries(
  runtime.body
    .filter((i) => i.keyword === 'ENV')
    .flatMap((i) => i.args.split(/\s+/).map((pair) => pair.split('=') as [string, string])),
);

/** The path of the first http://127.0.0.1:... URL in a health check command. */
function probedPath(command: string): string {
  const match = /127\.0\.0\.1:[^/'"]*?(?:'\s*\+[^+]*\+\s*')?(\/[A-Za-z0-9/_-]+)/.exec(command);
  if (!match) throw new Error(`no loopback URL in ${command}`);
  return match[1]!;
}

describe('compose.yaml', () => {
  it('parses, and every service runs a pinned image (a version tag or a digest, never latest)', () => {
    expect(services.length).toBeGreaterThanOrEqual(6);
    const unpinned = services.filter(([, s]) => !s.image || !isPinned(s.image)).map(([name, s]) => `${name}: ${s.image ?? '(none)'}`);
    expect(unpinned).toEqual([]);
    // What compose builds is tagged with the release it is built from.
    const version = (JSON.parse(read('package.json')) as { version: string }).version;
    for (const [name, s] of services.filter(([, s]) => s.build)) expect(s.image, name).toBe(`olden-goods:${version}`);
    expect(services.map(([, s]) => s.image).filter((i) => /minio/i.test(i ?? ''))).toEqual([]);
  });

  it('refuses to start without the secrets, naming the missing one; .env.example lists them as required', () => {
    const required = [...new Set(interpolations.filter((i) => i.op.endsWith('?')).map((i) => i.name))].sort();
    expect(required).toEqual(['JWT_SECRET', 'POSTGRES_PASSWORD', 'S3_SECRET_ACCESS_KEY']);
    for (const name of required) {
      // `:?` also refuses an empty value (an .env copied from the example and not filled).
      for (const m of composeText.matchAll(new RegExp(`\\$\\{${name}(:?[-?])([^}]*)\\}`, 'g'))) {
        expect(m[1], name).toBe(':?');
        expect(m[2], name).toContain(`${name} is required`);
      }
    }
    expect([...requiredInExample].sort()).toEqual(required);
    // Nothing compose reads without a default is missing from the example.
    const missing = [...new Set(interpolations.map((i) => i.name))].filter((n) => !listed.has(n));
    expect(missing).toEqual([]);
  });

  it('gives the API processes only variables the server reads, the shared secret, and no demo accounts by default', () => {
    expect(apiServices.map(([name]) => name).sort()).toEqual(['api1', 'api2']);
    for (const [name, s] of apiServices) {
      const unknown = Object.keys(s.environment!).filter((k) => !ENV_VARIABLES.includes(k));
      expect(unknown, name).toEqual([]);
      expect(s.environment!.SEED_DEMO, name).toBe('${SEED_DEMO:-false}');
      expect(s.environment!.IMAGE_STORE, name).toBe('s3');
      expect(String(s.environment!.TRUST_PROXY), name).toBe('1');
    }
  });

  it('runs only scripts that exist in the image', () => {
    for (const [name, s] of services.filter(([, s]) => s.build && Array.isArray(s.command))) {
      const script = (s.command as string[]).find((a) => /\.m?js$/.test(a));
      if (script) {
        expect(existsSync(path.join(ROOT, script)), `${name}: ${script}`).toBe(true);
        expect(runtime.body.some((i) => i.keyword === 'COPY' && i.args.includes(script)), `${name}: ${script} copied`).toBe(true);
      }
    }
  });
});

describe('.env.example', () => {
  it('lists every variable the server reads', () => {
    expect(ENV_VARIABLES.length).toBeGreaterThan(20);
    expect(ENV_VARIABLES.filter((name) => !listed.has(name))).toEqual([]);
  });
});

describe('Dockerfile', () => {
  it('builds in stages on a pinned Node image whose major version is .nvmrc\'s', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const nvmrc = read('.nvmrc').trim();
    for (const stage of stages) {
      expect(isPinned(stage.from), stage.from).toBe(true);
      expect(stage.from, stage.from).toMatch(new RegExp(`^node:${nvmrc}\\.\\d+`));
    }
  });

  it('the runtime stage holds production dependencies only (npm ci --omit=dev), not the build stage\'s node_modules', () => {
    const copies = runtime.body.filter((i) => i.keyword === 'COPY' && i.args.includes('node_modules'));
    expect(copies).toHaveLength(1);
    const from = /--from=(\S+)/.exec(copies[0]!.args)?.[1];
    const source = stages.find((s) => s.name === from);
    expect(source, `node_modules copied from ${from}`).toBeDefined();
    expect(source!.body.some((i) => i.keyword === 'RUN' && /\bnpm ci\b.*--omit=dev/.test(i.args))).toBe(true);
    expect(source!.body.some((i) => i.keyword === 'RUN' && /\bnpm run build\b/.test(i.args))).toBe(false);
  });

  it('runs as a non-root user, never seeds the demo, checks a liveness path, and starts with plain node', () => {
    const users = runtime.body.filter((i) => i.keyword === 'USER').map((i) => i.args);
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
    expect(runtimeEnv.SEED_DEMO).toBe('false');
    expect(runtimeEnv.HOST).toBe('0.0.0.0');
    expect(runtime.body.filter((i) => i.keyword === 'HEALTHCHECK')).toHaveLength(1);
    const cmd = runtime.body.filter((i) => i.keyword === 'CMD').at(-1)!.args;
    expect(JSON.parse(cmd)).toEqual(['node', 'apps/server/dist/server.js']);
  });
});

describe('health paths the deployment files probe', () => {
  const getApp = useTestApp();
  const healthcheck = runtime.body.find((i) => i.keyword === 'HEALTHCHECK')!.args;
  const probes = [
    { where: 'Dockerfile HEALTHCHECK', path: probedPath(healthcheck) },
    ...apiServices.map(([name, s]) => ({ where: `compose ${name} healthcheck`, path: probedPath(s.healthcheck!.test!.join(' ')) })),
    { where: 'deploy/Caddyfile health_uri', path: /health_uri\s+(\S+)/.exec(read('deploy/Caddyfile'))![1]! },
  ];

  it('liveness (container restarts) is /api/live, readiness (the proxy) is /api/health', () => {
    expect(probes.map((p) => `${p.where}: ${p.path}`)).toEqual([
      'Dockerfile HEALTHCHECK: /api/live',
      'compose api1 healthcheck: /api/live',
      'compose api2 healthcheck: /api/live',
      'deploy/Caddyfile health_uri: /api/health',
    ]);
  });

  it('every probed path answers 200 {ok: true} in the app, and both are in its OpenAPI document', async () => {
    for (const probe of probes) {
      const res = await getApp().app.inject({ method: 'GET', url: probe.path });
      expect([probe.where, res.statusCode, res.json()]).toEqual([probe.where, 200, { ok: true }]);
    }
    const doc = (await getApp().app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/live']));
  });
});
