import { useState } from 'react';
import type { DatasetHandle, Workspace } from '../src/service/index.js';
import { App, type AppProps } from './app.js';
import type { JobRunner } from './jobs/job-runner.js';

/** The dataset the workbench shows and the jobs that run on it. */
export interface OpenDataset {
  readonly data: DatasetHandle;
  readonly jobs: JobRunner;
}

export interface WorkbenchProps extends Omit<AppProps, 'dataset' | 'data' | 'jobs' | 'onDataset'> {
  readonly ws: Workspace;
  readonly first: OpenDataset;
  /** Opens another dataset of the workspace with its own jobs. */
  readonly open: (name: string) => OpenDataset;
  /** Told each dataset opened, so whoever started the app can close the last one's jobs. */
  readonly onOpen?: (opened: OpenDataset) => void;
}

/**
 * The app on one dataset at a time: `:dataset NAME` mounts a new app on the other dataset, so
 * no screen keeps state (filters, selections, cached figures) that belongs to the first one.
 */
export function Workbench({ first, open, onOpen, ...app }: WorkbenchProps) {
  const [current, setCurrent] = useState(first);
  const switchTo = (name: string) => {
    const next = open(name);
    current.jobs.close();
    onOpen?.(next);
    setCurrent(next);
  };
  return <App key={current.data.name} {...app} dataset={current.data.name} data={current.data} jobs={current.jobs} onDataset={switchTo} />;
}
