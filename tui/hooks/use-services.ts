import { useContext } from 'react';
import { type Services, ServicesContext, type Shell, ShellContext } from '../context.js';

/** The workspace, dataset and job runner of the app. */
export function useServices(): Services {
  const s = useContext(ServicesContext);
  if (!s) throw new Error('useServices outside the app: wrap the screen in <App> or the test harness');
  return s;
}

/** Navigation, notices, the feedback composer and key capture. */
export function useShell(): Shell {
  const s = useContext(ShellContext);
  if (!s) throw new Error('useShell outside the app: wrap the screen in <App> or the test harness');
  return s;
}
