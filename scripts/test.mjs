#!/usr/bin/env node
/**
 * `npm test`: type-check, every vitest project (unit with component, infra, integration), then
 * a build of the web app and the browser tests against it. Prints one closing line with the totals:
 * `tests: N passed, N failed, N skipped`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const env = {
  ...process.env,
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  CDK_DISABLE_VERSION_CHECK: '1',
  CDK_DISABLE_CLI_TELEMETRY: 'true',
};
const reports = mkdtempSync(join(tmpdir(), 'test-reports-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Failed tests by file and name, repeated at the very end: CI keeps only the tail of a long log. */
const failures = [];
let ok = true;

function run(title, command, args) {
  console.log(`\n=== ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  console.log(`=== ${title}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (result.status !== 0) ok = false;
  return result.status === 0;
}

/**
 * Starts a step in the background, its output kept in a file and printed when `finish()` is awaited:
 * the type-check (one core, about a minute) overlaps the unit tests' start instead of adding to the run.
 */
function runInBackground(title, command, args) {
  const logFile = join(reports, `${title}.log`);
  const log = openSync(logFile, 'w');
  // The tests beside it block this process's event loop (spawnSync), so it could see the step's
  // exit only when they end: a small wrapper times the step itself and leaves the seconds in a file.
  const timing = `${logFile}.seconds`;
  const timed = `const t = Date.now(); const r = require('node:child_process').spawnSync(process.argv[2], process.argv.slice(3), { stdio: 'inherit' }); require('node:fs').writeFileSync(process.argv[1], String((Date.now() - t) / 1000)); process.exit(r.status ?? 1);`;
  const child = spawn(process.execPath, ['-e', timed, timing, command, ...args], { stdio: ['ignore', log, log], env });
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    async finish() {
      const code = await exited;
      closeSync(log);
      const seconds = Number(readFileSync(timing, 'utf8'));
      console.log(`\n=== ${title} (ran alongside the tests)`);
      process.stdout.write(readFileSync(logFile, 'utf8'));
      console.log(`=== ${title}: ${code === 0 ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)} s`);
      if (code !== 0) {
        ok = false;
        failures.push(`${title}: see its output above`);
      }
    },
  };
}

function vitest(title, projects) {
  const report = join(reports, `${title}.json`);
  const projectArgs = projects.flatMap((project) => ['--project', project]);
  run(title, 'npx', ['vitest', 'run', ...projectArgs, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
  try {
    const results = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += results.numPassedTests;
    totals.failed += results.numFailedTests;
    totals.skipped += results.numPendingTests + results.numTodoTests;
    for (const file of results.testResults) {
      const failed = file.assertionResults.filter((test) => test.status === 'failed');
      for (const test of failed) failures.push(`${file.name.replace(`${process.cwd()}/`, '')} > ${test.fullName}: ${firstLine(test.failureMessages[0])}`);
      // A file that failed outside any test (an import or a hook) has no failed test to name.
      if (failed.length === 0 && file.status === 'failed') failures.push(`${file.name.replace(`${process.cwd()}/`, '')}: ${firstLine(file.message)}`);
    }
  } catch {
    // No report: vitest itself failed before running; already counted as a failure above.
    totals.failed += 1;
  }
}

function firstLine(text = '') {
  return text.split('\n').find((line) => line.trim() !== '')?.trim().slice(0, 300) ?? '';
}

const only = process.argv.slice(2);
const wants = (step) => only.length === 0 || only.includes(step);

const typecheck = wants('typecheck') ? runInBackground('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']) : undefined;
if (wants('unit') || wants('infra') || wants('integration')) {
  // Component tests (happy-dom, tests/component) run with the unit tests: no emulators, no browser.
  const projects = ['unit', 'infra', 'integration'].filter(wants).flatMap((project) => (project === 'unit' ? ['unit', 'component'] : [project]));
  vitest('unit-infra-integration', projects);
}
await typecheck?.finish();
if (wants('e2e')) {
  if (run('build web', 'npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'])) vitest('e2e', ['e2e']);
}

if (failures.length > 0) console.log(`\nfailed:\n${failures.map((failure) => `  ${failure}`).join('\n')}`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok && totals.failed === 0 ? 0 : 1);
