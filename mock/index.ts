/** The mock's public entry point: build it in-process with `createApp`, or run `cli.ts`. */
export { createApp, type MockApp } from './app/create-app';
export type { MockOptions } from './app/options';
export type { MockControls, SandboxSummary, ScenarioSummary } from './app/controls';
export { ScenarioError, type ScenarioFile } from './app/scenarios';
export type { Faults } from './core/faults';
export type { JournalEntry } from './journal/journal-entry';
export type { JournalFilter } from './journal/filter';
export type { SiteFixture } from './store/records';
export { FixtureError } from './loading/load-fixture';
export { errorCatalogue } from './core/api-error';
export { nodeListener } from './adapters/node-listener';
