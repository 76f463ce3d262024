import { describe, expect, it } from 'vitest';
import {
  actionTargets,
  initialTriageState,
  isElsewhere,
  type TriageKeyEvent,
  type TriageState,
  triageCommand,
  triageReducer,
} from '../triage-keys';

function key(value: string, overrides: Partial<TriageKeyEvent> = {}): TriageKeyEvent {
  return {
    key: value,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    target: document.body,
    ...overrides,
  };
}

function element(html: string, selector: string): Element {
  document.body.innerHTML = html;
  const found = document.querySelector(selector);
  if (!found) throw new Error(selector);
  return found;
}

describe('triageCommand', () => {
  it('maps the inbox keys', () => {
    expect(['j', 'k', 'o', 'e', 'r', 'm', 'x'].map((k) => triageCommand(key(k), false))).toEqual([
      'next',
      'previous',
      'open',
      'done',
      'read',
      'mute',
      'select',
    ]);
    expect(triageCommand(key('?', { shiftKey: true }), false)).toBe('help');
    expect(triageCommand(key('z'), false)).toBeNull();
  });

  it('maps the pull-request keys: a approves, Shift+M merges, Shift+R re-runs (issue 37)', () => {
    expect(triageCommand(key('a'), false)).toBe('approve');
    expect(triageCommand(key('M', { shiftKey: true }), false)).toBe('merge');
    expect(triageCommand(key('R', { shiftKey: true }), false)).toBe('rerun');
    expect(triageCommand(key('A', { shiftKey: true }), false)).toBeNull();
    expect(triageCommand(key('M', { shiftKey: true, repeat: true }), false)).toBeNull();
    expect(triageCommand(key('R', { shiftKey: true, ctrlKey: true }), false)).toBeNull();
  });

  it('ignores keys with Ctrl, ⌘ or Alt held, capitals, and a held-down action key', () => {
    expect(triageCommand(key('k', { ctrlKey: true }), false)).toBeNull();
    expect(triageCommand(key('k', { metaKey: true }), false)).toBeNull();
    expect(triageCommand(key('e', { altKey: true }), false)).toBeNull();
    expect(triageCommand(key('E', { shiftKey: true }), false)).toBeNull();
    expect(triageCommand(key('e', { repeat: true }), false)).toBeNull();
    expect(triageCommand(key('j', { repeat: true }), false)).toBe('next');
    expect(triageCommand(key('j', { defaultPrevented: true }), false)).toBeNull();
  });

  it('opens with Enter only on a row, and moves with the arrows only there', () => {
    expect(triageCommand(key('Enter'), true)).toBe('open');
    expect(triageCommand(key('Enter'), false)).toBeNull();
    expect(triageCommand(key('ArrowDown'), true)).toBe('next');
    expect(triageCommand(key('ArrowUp'), true)).toBe('previous');
    expect(triageCommand(key('ArrowDown'), false)).toBeNull();
  });

  it('leaves keys alone while typing or inside a dialog', () => {
    const input = element('<input type="search">', 'input');
    expect(triageCommand(key('j', { target: input }), false)).toBeNull();
    expect(isElsewhere(element('<textarea></textarea>', 'textarea'))).toBe(true);
    expect(isElsewhere(element('<select><option>a</option></select>', 'select'))).toBe(true);
    expect(isElsewhere(element('<div contenteditable="true"><b>x</b></div>', 'b'))).toBe(true);
    expect(isElsewhere(element('<div role="dialog"><button>b</button></div>', 'button'))).toBe(
      true,
    );
    expect(isElsewhere(element('<input type="checkbox">', 'input'))).toBe(false);
    expect(isElsewhere(element('<ul><li tabindex="0">row</li></ul>', 'li'))).toBe(false);
    expect(isElsewhere(null)).toBe(false);
  });
});

const rows = (...keys: string[]): TriageState =>
  triageReducer(initialTriageState, { type: 'sync', keys, ids: keys });

describe('triageReducer', () => {
  it('moves down and up from the first row and stops at the ends', () => {
    let state = rows('a', 'b', 'c');
    expect(state.activeKey).toBeNull();
    state = triageReducer(state, { type: 'move', delta: 1 });
    expect(state.activeKey).toBe('a');
    state = triageReducer(state, { type: 'move', delta: 1 });
    state = triageReducer(state, { type: 'move', delta: 1 });
    state = triageReducer(state, { type: 'move', delta: 1 });
    expect(state.activeKey).toBe('c');
    state = triageReducer(state, { type: 'move', delta: -1 });
    expect(state.activeKey).toBe('b');
    expect(triageReducer(rows('a', 'b'), { type: 'move', delta: -1 }).activeKey).toBe('b');
    expect(triageReducer(rows(), { type: 'move', delta: 1 }).activeKey).toBeNull();
  });

  it('follows the pointer to a row it knows', () => {
    const state = triageReducer(rows('a', 'b'), { type: 'focus', key: 'b' });
    expect(state.activeKey).toBe('b');
    expect(triageReducer(state, { type: 'focus', key: 'zz' })).toBe(state);
  });

  it('toggles a selection, a group all at once', () => {
    let state = rows('a', 'b', 'c');
    state = triageReducer(state, { type: 'toggle', ids: ['a'] });
    expect(state.selected).toEqual(['a']);
    state = triageReducer(state, { type: 'toggle', ids: ['a', 'b'] });
    expect([...state.selected].sort()).toEqual(['a', 'b']);
    state = triageReducer(state, { type: 'toggle', ids: ['a', 'b'] });
    expect(state.selected).toEqual([]);
    state = triageReducer(state, { type: 'toggle', ids: ['c'] });
    expect(triageReducer(state, { type: 'clear-selection' }).selected).toEqual([]);
  });

  it('goes on to the next row that stayed when several leave at once', () => {
    let state = triageReducer(rows('a', 'b', 'c', 'd'), { type: 'focus', key: 'b' });
    state = triageReducer(state, { type: 'sync', keys: ['c', 'd'], ids: ['c', 'd'] });
    expect(state.activeKey).toBe('c');
    state = triageReducer(rows('a', 'b', 'c'), { type: 'focus', key: 'c' });
    state = triageReducer(state, { type: 'sync', keys: ['a'], ids: ['a'] });
    expect(state.activeKey).toBe('a');
  });

  it('keeps the place when the row on it leaves, and drops selected items that left', () => {
    let state = rows('a', 'b', 'c');
    state = triageReducer(state, { type: 'focus', key: 'b' });
    state = triageReducer(state, { type: 'toggle', ids: ['a', 'c'] });
    state = triageReducer(state, { type: 'sync', keys: ['a', 'c'], ids: ['a', 'c'] });
    expect(state.activeKey).toBe('c');
    state = triageReducer(state, { type: 'sync', keys: ['a'], ids: ['a'] });
    expect(state.activeKey).toBe('a');
    expect(state.selected).toEqual(['a']);
    state = triageReducer(state, { type: 'sync', keys: [], ids: [] });
    expect(state.activeKey).toBeNull();
    expect(state.selected).toEqual([]);
  });

  it('keeps the row when new items arrive above it', () => {
    let state = triageReducer(rows('a', 'b'), { type: 'focus', key: 'b' });
    state = triageReducer(state, { type: 'sync', keys: ['new', 'a', 'b'], ids: ['new', 'a', 'b'] });
    expect(state.activeKey).toBe('b');
  });
});

describe('actionTargets', () => {
  it('acts on the selection when there is one, else on the row', () => {
    const state = triageReducer(rows('a', 'b'), { type: 'toggle', ids: ['b'] });
    expect(actionTargets(state, ['a'])).toEqual(['b']);
    expect(actionTargets(rows('a', 'b'), ['a'])).toEqual(['a']);
  });
});
