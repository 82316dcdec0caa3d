import { createContext } from 'react';
import type { DatasetHandle, Workspace } from '../src/service/index.js';
import type { JobRunner } from './jobs/job-runner.js';
import type { Route } from './route.js';

/** The service side of the app: the workspace, the dataset's handle (opened once for the session), and the background job runner. */
export interface Services {
  readonly ws: Workspace;
  readonly dataset: DatasetHandle;
  readonly jobs: JobRunner;
}

/** What a screen may ask of the app shell. */
export interface Shell {
  /** Opens a screen on top of the current one (esc comes back). */
  push(route: Route): void;
  /** Back to the screen below; at the bottom of the stack it does nothing. */
  back(): void;
  /** Replaces the whole stack (tabs). */
  go(route: Route): void;
  /** A short message in the footer. */
  notify(message: string): void;
  /** Opens the feedback composer aimed at the task, a rule or an example. */
  composeFeedback(target: FeedbackTarget): void;
  /**
   * While true, keys go to the screen only (a text field has focus): q, ?, the number keys and
   * tab do not switch screens.
   */
  capture(id: string, on: boolean): void;
  /** State that outlives a screen (sort order, filters), by key. */
  readonly session: Map<string, unknown>;
}

/** Where a piece of feedback goes. */
export type FeedbackTarget =
  | { readonly level: 'task' }
  | { readonly level: 'rule'; readonly id: string; readonly title: string }
  | { readonly level: 'example'; readonly id: string; readonly title: string };

export const ServicesContext = createContext<Services | null>(null);
export const ShellContext = createContext<Shell | null>(null);
