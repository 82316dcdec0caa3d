import { setRuleStatus } from '../data/rules-view.js';
import { useServices, useShell } from './use-services.js';

type Status = 'active' | 'disabled';

/** The last enable or disable, kept by the shell so `u` takes it back from the table or the rule's screen alike. */
interface LastChange {
  readonly id: string;
  readonly name: string;
  readonly from: Status;
}

const LAST = 'rules.last-status-change';

const said = (name: string, status: Status) => `${name} ${status === 'active' ? 'enabled' : 'disabled'}`;

/**
 * Enabling and disabling a rule, and `u` to undo the last such change. Each resolves to what
 * happened, in words, for the screen to show while it re-measures.
 */
export function useStatusChange(): { change: (id: string, name: string, from: Status) => Promise<string>; undo: () => Promise<string> } {
  const { dataset } = useServices();
  const { session } = useShell();
  return {
    async change(id, name, from) {
      const to: Status = from === 'active' ? 'disabled' : 'active';
      await setRuleStatus(dataset, id, to);
      session.set(LAST, { id, name, from } satisfies LastChange);
      return said(name, to);
    },
    async undo() {
      const last = session.get(LAST) as LastChange | undefined;
      if (!last) throw new Error('nothing to undo: no rule was enabled or disabled in this session');
      await setRuleStatus(dataset, last.id, last.from);
      session.delete(LAST);
      return `undone: ${said(last.name, last.from)} again`;
    },
  };
}
