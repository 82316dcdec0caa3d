import { Box, type Key, Text } from 'ink';
import { type Dispatch, type SetStateAction, useEffect, useMemo, useState } from 'react';
import type { RuleSample } from '../../src/core/schemas/rule-metrics.js';
import { ConfirmBar } from '../components/ConfirmBar.js';
import { ErrorPanel } from '../components/ErrorPanel.js';
import { PatternEditBar } from '../components/PatternEditBar.js';
import { RuleItemsPane } from '../components/RuleItemsPane.js';
import { RuleSummary } from '../components/RuleSummary.js';
import { Tone } from '../components/Tone.js';
import { VersionsPane } from '../components/VersionsPane.js';
import { deleteRule, loadRuleDetail, type RuleDetail, saveRulePattern } from '../data/rule-detail.js';
import { useCapture } from '../hooks/use-capture.js';
import { useKeys } from '../hooks/use-keys.js';
import { type ListNav, useListCursor } from '../hooks/use-list-cursor.js';
import { errorText, type Loaded, useLoader } from '../hooks/use-loader.js';
import { type PatternEdit, usePatternEdit } from '../hooks/use-pattern-edit.js';
import { useRescore } from '../hooks/use-rescore.js';
import { useServices, useShell } from '../hooks/use-services.js';
import { useStatusChange } from '../hooks/use-status-change.js';
import { fmtCount, fmtRatio } from '../model/format.js';
import { editLine } from '../model/line-edit.js';
import { nextOf } from '../model/rule-rows.js';
import { actionFor } from '../keymap.js';
import type { ScreenProps } from './screen-props.js';

type ItemFilter = 'all' | 'correct' | 'incorrect' | 'fp' | 'fn';
const ITEM_FILTERS: readonly ItemFilter[] = ['all', 'correct', 'incorrect', 'fp', 'fn'];
type Pane = 'items' | 'versions';
type Confirm = 'delete' | 'disable' | null;

function pickSamples(s: { tp: RuleSample[]; fp: RuleSample[]; fn: RuleSample[] } | undefined, f: ItemFilter): RuleSample[] {
  if (!s) return [];
  switch (f) {
    case 'correct':
      return s.tp;
    case 'incorrect':
      return [...s.fp, ...s.fn];
    case 'fp':
      return s.fp;
    case 'fn':
      return s.fn;
    default:
      return [...s.tp, ...s.fp, ...s.fn];
  }
}

export interface RuleDetailProps extends ScreenProps {
  readonly ruleId: string;
}

/**
 * One rule: its pattern (highlighted), output template and provenance, its stored metrics,
 * its TP/FP/FN items in context (filtered), and its version history with diffs. `p` edits the
 * pattern with a live preview of the metric change (computed in the background) before saving.
 */
export function RuleDetailScreen({ active, width, height, ruleId }: RuleDetailProps) {
  const { dataset } = useServices();
  const detail = useLoader(() => loadRuleDetail(dataset, ruleId));
  const [pane, setPane] = useState<Pane>('items');
  const [filter, setFilter] = useState<ItemFilter>('all');
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [error, setError] = useState<string | undefined>();
  const edit = usePatternEdit(ruleId, detail.data?.rule.pattern);
  useCapture(active && (edit.editing !== null || confirm !== null));
  useReloadAfterRescore(detail.reload);

  const d = detail.data;
  const items = useMemo(() => pickSamples(d?.metrics?.samples, filter), [d, filter]);
  const versions = useMemo(() => [...(d?.versions ?? [])].reverse(), [d]);
  // The pattern gets a second line only when it needs one.
  const patternText = d?.rule.format === 'regex' ? d.rule.pattern : (d?.rule.terms ?? []).join(' | ');
  const patternLines = patternText.length + 9 > width ? 2 : 1;
  const listHeight = Math.max(2, height - 5 - patternLines - (edit.editing ? 3 : 1));
  const versionsHeight = Math.max(1, Math.floor(listHeight / 2));
  const itemsNav = useListCursor(items.length, listHeight);
  const versionsNav = useListCursor(versions.length, versionsHeight);
  const nav = pane === 'items' ? itemsNav : versionsNav;
  const item = pane === 'items' ? items[itemsNav.cursor.index] : undefined;
  useRuleDetailKeys({ ruleId, detail, edit, confirm, setConfirm, error, setError, nav, item, setPane, setFilter, active });

  if (detail.error) return <ErrorPanel title={`Cannot open rule ${ruleId}`} message={detail.error} hint="esc: back" />;
  if (!d) return null;
  const { cursor: ic } = itemsNav;
  const { cursor: vc } = versionsNav;
  return (
    <Box flexDirection="column" height={height}>
      <RuleSummary d={d} patternLines={patternLines} />
      <Text wrap="truncate">
        <Tone tone={pane === 'items' ? 'selected' : 'muted'}>{` items: ${filter} (${items.length}) `}</Tone>{' '}
        <Tone tone={pane === 'versions' ? 'selected' : 'muted'}>{` versions (${d.versions.length}) `}</Tone>
        {d.rule.validated_support ? <Tone tone="muted">{`  validated P ${fmtRatio(d.rule.validated_precision)} on ${fmtCount(d.rule.validated_support)}`}</Tone> : null}
      </Text>
      <Box flexDirection="column" height={listHeight} overflow="hidden">
        {pane === 'items' ? (
          <RuleItemsPane d={d} items={items.slice(ic.top, ic.top + listHeight)} filter={filter} selected={ic.index - ic.top} focused={active} width={width} />
        ) : (
          <VersionsPane versions={versions.slice(vc.top, vc.top + versionsHeight)} selected={vc.index - vc.top} firstVersion={d.versions[0]?.version} width={width} height={listHeight} />
        )}
      </Box>
      <RuleDetailBar d={d} confirm={confirm} edit={edit} error={error} width={width} />
    </Box>
  );
}

/** The stored figures are read again whenever a background re-measure lands. */
function useReloadAfterRescore(reload: () => void) {
  const { generation } = useRescore();
  useEffect(() => {
    if (generation) reload();
  }, [generation, reload]);
}

interface RuleDetailKeys {
  readonly ruleId: string;
  readonly detail: Loaded<RuleDetail>;
  readonly edit: PatternEdit;
  readonly confirm: Confirm;
  readonly setConfirm: Dispatch<SetStateAction<Confirm>>;
  readonly error: string | undefined;
  readonly setError: Dispatch<SetStateAction<string | undefined>>;
  /** The list of the pane in front. */
  readonly nav: ListNav;
  /** The selected item, when the items pane is in front. */
  readonly item: RuleSample | undefined;
  readonly setPane: Dispatch<SetStateAction<Pane>>;
  readonly setFilter: Dispatch<SetStateAction<ItemFilter>>;
  readonly active: boolean;
}

/**
 * What the rule screen's keys do to the rule, through the service: enable or disable it, undo
 * that, delete it (once the y/n question is answered), save the typed pattern. Each change is
 * re-measured, or the figures read again when re-measuring is left to `m`; a failure shows
 * under the lists.
 */
function useRuleActions(k: RuleDetailKeys) {
  const { dataset } = useServices();
  const shell = useShell();
  const rescore = useRescore();
  const status = useStatusChange();
  const { ruleId, detail, edit, confirm, setConfirm, setError } = k;
  const d = detail.data;

  const act = (what: () => void | Promise<void>) => {
    try {
      const r = what();
      if (r) r.catch((e: unknown) => setError(errorText(e)));
    } catch (e) {
      setError(errorText(e));
    }
  };
  const changed = (done: () => Promise<string>) =>
    act(async () => {
      if (!rescore.changed(await done())) detail.reload();
    });
  const toggle = () => d && changed(() => status.change(ruleId, d.rule.name, d.rule.status === 'active' ? 'active' : 'disabled'));

  const answer = (input: string, key: Key, d: RuleDetail) => {
    if (input === 'y') {
      setConfirm(null);
      if (confirm === 'disable') return toggle();
      act(() => {
        deleteRule(dataset, ruleId);
        rescore.changed(`deleted ${d.rule.name}`);
        shell.back();
      });
    } else if (input === 'n' || key.escape) setConfirm(null);
  };

  const typePattern = (input: string, key: Key, d: RuleDetail) => {
    if (key.escape) edit.end();
    else if (key.return) {
      const pattern = edit.end();
      if (pattern === undefined || pattern === d.rule.pattern) return;
      act(async () => {
        const saved = await saveRulePattern(dataset, ruleId, pattern);
        detail.reload();
        // Re-score at once, in the background: the row and this screen show the new figures when it lands.
        rescore.start(`saved ${saved.name} as version ${saved.version} · re-scoring in the background…`);
      });
    } else {
      const next = editLine(edit.editing!, input, key);
      if (next) edit.setEditing(next);
    }
  };

  const undo = () => changed(status.undo);
  return { toggle, undo, answer, typePattern };
}

/** The rule screen's keys: a y/n question first, then the pattern being typed, then the screen's own keys. */
function useRuleDetailKeys(k: RuleDetailKeys) {
  const shell = useShell();
  const { ruleId, edit, setConfirm, setError } = k;
  const d = k.detail.data;
  const { toggle, undo, answer, typePattern } = useRuleActions(k);
  useKeys((input, key) => {
    if (!d) {
      if (key.escape) shell.back();
      return;
    }
    if (k.confirm) return answer(input, key, d);
    if (edit.editing) return typePattern(input, key, d);
    if (k.error && key.escape) return setError(undefined);
    if (k.nav.onKey(input, key)) return;
    switch (actionFor('rule', input, key)) {
      case 'back':
        return shell.back();
      case 'pane':
        return k.setPane((p) => (p === 'items' ? 'versions' : 'items'));
      case 'items':
        return k.setFilter((f) => nextOf(ITEM_FILTERS, f));
      case 'edit':
        if (d.rule.format !== 'regex') return setError('this is a lexicon rule: edit its terms with `rulewright rules edit`');
        return edit.begin(d.rule.pattern);
      case 'toggle':
        // Disabling takes the rule out of the ruleset: ask first. Enabling only puts it back.
        if (d.rule.status === 'active') return setConfirm('disable');
        return toggle();
      case 'undo':
        return undo();
      case 'delete':
        return setConfirm('delete');
      case 'feedback':
        return shell.composeFeedback({ level: 'rule', id: ruleId, title: d.rule.name });
      case 'correct':
        if (k.item) shell.push({ screen: 'correct', exampleId: k.item.example_id, ruleId });
        return;
      case 'open':
        if (k.item) shell.push({ screen: 'example', exampleId: k.item.example_id, ruleId });
        return;
      case null:
        return;
    }
  }, k.active);
}

interface RuleDetailBarProps {
  readonly d: RuleDetail;
  readonly confirm: Confirm;
  readonly edit: PatternEdit;
  readonly error: string | undefined;
  readonly width: number;
}

/** The bottom of the rule screen: a y/n question, the pattern being typed, or what last failed. */
function RuleDetailBar({ d, confirm, edit, error, width }: RuleDetailBarProps) {
  if (confirm === 'delete') return <ConfirmBar question={`Delete ${d.rule.name}? (its history is kept; \`rules restore\` brings it back)`} />;
  if (confirm === 'disable') return <ConfirmBar question={`Disable ${d.rule.name}? (e enables it again)`} />;
  if (edit.editing) return <PatternEditBar line={edit.editing} preview={edit.preview.state} width={width} />;
  if (error) return <Tone tone="bad">{error}</Tone>;
  return <Text> </Text>;
}
