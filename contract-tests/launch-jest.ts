/**
 * Starts jest on the contract test file in a child process for `npm run contract`. A child, not
 * jest in this process, so an interrupt can stop every check's requests for good before this
 * process restores the articles' data. The child gets the target through one variable
 * (settings.ts) and loads the TypeScript reporter through tsx.
 */
import { spawn } from 'node:child_process';
import { extname, join, resolve } from 'node:path';
import type { TargetSettings } from './runner';
import { encodeTarget, targetVariable } from './settings';
import { stopSignals, type StopSignal } from './signals';

const root = resolve(__dirname, '..');
/** Compiled (the package's `articles-contract`), the suite is JavaScript that jest runs untransformed. */
const compiled = extname(__filename) === '.js';
const source = compiled ? '.js' : '.ts';
const compiledConfig = { rootDir: root, testEnvironment: 'node', transform: {}, testPathIgnorePatterns: [] };

export interface JestOutcome {
  code: number;
  /** The signal that interrupted the run, if one did. */
  interrupted?: StopSignal;
}

export function runJest(target: TargetSettings): Promise<JestOutcome> {
  const args = [
    ...(compiled ? [] : ['--import', 'tsx']),
    require.resolve('jest/bin/jest'),
    '--config',
    compiled ? JSON.stringify(compiledConfig) : join(root, 'jest.config.js'),
    '--runTestsByPath',
    join(root, 'contract-tests', `contract.test${source}`),
    '--reporters',
    join(__dirname, 'report', `summary-reporter${source}`),
    '--verbose=false',
    '--ci',
  ];
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, [targetVariable]: encodeTarget(target) },
  });
  let interrupted: StopSignal | undefined;
  const forward = (signal: StopSignal): void => {
    if (interrupted === undefined)
      console.error(`\ncontract: ${signal}: stopping the checks; the articles' data is restored next`);
    interrupted = signal;
    child.kill(signal);
  };
  for (const signal of stopSignals) process.on(signal, forward);
  return new Promise((done) => {
    child.on('close', (code) => {
      for (const signal of stopSignals) process.off(signal, forward);
      done({ code: code ?? 1, ...(interrupted ? { interrupted } : {}) });
    });
  });
}
