// Builds the server bundle once per test run, in memory, with the options of build.mjs, and
// hands its text to the tests (inject('serverBundle')). The tests then render islands with
// the very code the Rust server evaluates.
import type { TestProject } from 'vitest/node';
import { buildServerBundleText } from '../build.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    serverBundle: string;
  }
}

export default async function setup(project: TestProject): Promise<void> {
  project.provide('serverBundle', await buildServerBundleText());
}
