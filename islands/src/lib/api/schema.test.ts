// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

// The generator runs in a Node process of its own: beyond vitest's default 5 s on a busy machine.
const GENERATOR_TIMEOUT_MS = 30_000;

it('schema.d.ts is what openapi-typescript makes of the committed openapi.json', () => {
  const islands = fileURLToPath(new URL('../../../', import.meta.url));
  // The command of `npm run api-types`, printing to stdout instead of writing the file.
  const generated = execFileSync(
    process.execPath,
    ['node_modules/openapi-typescript/bin/cli.js', 'src/lib/api/openapi.json', '--immutable'],
    { cwd: islands, encoding: 'utf8' },
  );
  const committed = readFileSync(new URL('./schema.d.ts', import.meta.url), 'utf8');
  expect(committed, 'schema.d.ts is stale: run `npm run api-types`').toBe(generated);
}, GENERATOR_TIMEOUT_MS);
