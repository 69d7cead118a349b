import { describe, expect, it } from 'vitest';
import { coverageReport } from './coverageReport';
import { qaMachines } from './machines';
import { machineStateIds } from './modelCoverage';
import { exploreQa, expectedTexts, uiStepOf } from './qaGuide';

/**
 * The registry's model test: each registered machine, explored with its preset events from its
 * starts (the traversal the coverage page and the test plans show), reaches every state and takes
 * every transition. A machine that gains a state or a transition its presets cannot reach fails
 * here until its presets (app/qa/machines.ts) reach it.
 */
describe.each(qaMachines.map((entry) => [entry.name, entry] as const))('%s', (_name, entry) => {
  // Exploring is CPU work: the largest (the order form, four starts, and the checkout) take about
  // 0.5 s on an idle machine (measured); CI shares two cores with other lanes, hence 40 times that.
  it('reaches every state and takes every transition', { timeout: 20_000 }, () => {
    const report = coverageReport(entry);
    expect(report.truncated).toBe(false);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
    expect(report.states.reached).toBe(report.states.total);
    expect(report.transitions.reached).toBe(report.transitions.total);
  });

  it('words every preset event as a UI step, and keys its texts by real state ids', () => {
    const before = exploreQa(entry).model.initials[0]?.initial;
    if (!before) throw new Error('no start');
    for (const event of entry.events) {
      expect(entry.guides[event.type], event.type).toBeDefined();
      expect(uiStepOf(entry, event, before)).not.toMatch(/^Send .* to the machine$/);
    }
    const ids = machineStateIds(entry.machine);
    for (const id of Object.keys(entry.texts)) expect(ids).toContain(id);
  });

  it('expects only texts, never empty ones, along its test paths', { timeout: 20_000 }, () => {
    for (const path of exploreQa(entry).covering) {
      for (const step of path.steps) {
        for (const text of expectedTexts(entry, step.after, step)) {
          expect(typeof text).toBe('string');
          expect(text.trim()).not.toBe('');
        }
      }
    }
  });
});

describe('the registry', () => {
  it('names each machine once, with a key fit for a file name', () => {
    const keys = qaMachines.map((entry) => entry.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^[a-z][a-z0-9-]*$/);
    expect(qaMachines.map((entry) => entry.machine.id)).toEqual([
      'enquiryForm',
      'auth',
      'loginForm',
      'registerForm',
      'forgotForm',
      'resetForm',
      'verifyEmailForm',
      'cart',
      'checkout',
      'paymentStatus',
      'postcode',
      'orderForm',
    ]);
  });
});
