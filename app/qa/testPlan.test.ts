import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { messages } from '../../api/domain/messages';
import { enquiryForm } from './machines';
import { exploreQa, foldRepeats } from './qaGuide';
import { testPlanFileName, testPlanFiles, testPlanMarkdown } from './testPlan';

describe('the manual test plan generator', () => {
  const plan = testPlanMarkdown(enquiryForm);

  it('starts with what the form does and how to use the plan', () => {
    expect(testPlanFileName(enquiryForm)).toBe('enquiry-form.md');
    expect(plan.startsWith('# Wholesale enquiry form: manual test plan\n')).toBe(true);
    expect(plan).toContain(`## What it does\n\n${enquiryForm.intro}\n`);
    expect(plan).toContain('**Machines/Enquiry form**');
    expect(plan).toMatch(/reach 8 of the 8 states \(100 %\) and take 7 of the 7 transitions/);
  });

  it('has one numbered test case per test path, its steps in words and the texts after each', () => {
    const paths = exploreQa(enquiryForm).covering;
    expect(plan.match(/^### \d+\. /gm)).toHaveLength(paths.length);
    // A badly formed email: typed, sent, and the one message the shared schema gives.
    expect(plan).toContain(
      [
        '- [ ] Start: Open the form filled in with a valid enquiry.',
        '- [ ] 1. Clear Email and type “aoife@murphyfuels”.',
        '- [ ] 2. Press Send.',
        `  - [ ] See “${messages.enquiry.emailInvalid}”`,
      ].join('\n'),
    );
    // Sent: the shop's answer and what the form then says.
    expect(plan).toContain(
      [
        '- [ ] 1. Press Send.',
        `  - [ ] Check: ${messages.enquiry.send} shows it is busy, and the fields cannot be changed.`,
        '- [ ] 2. The shop answers 200 “Email sent!”.',
        `  - [ ] See “${messages.enquiry.sent}”`,
      ].join('\n'),
    );
    expect(plan).toContain(`  - [ ] See “${messages.enquiry.networkFailure}”`);
    expect(plan).toContain('`SEND → xstate.done.actor.sendEnquiry(429) → ready.rejected`');
  });

  it('is the same every time (the files are checked in)', () => {
    expect(testPlanMarkdown(enquiryForm)).toBe(plan);
  });

  it('matches the plans checked in to docs/qa (run npm run qa:scripts after changing a machine)', () => {
    const docs = new URL('../../docs/qa/', import.meta.url);
    for (const [name, text] of testPlanFiles()) {
      expect({ name, text: readFileSync(new URL(name, docs), 'utf8') }).toEqual({ name, text });
    }
  }, 30_000);
});

describe('every plan', () => {
  it.each([...testPlanFiles()].filter(([name]) => name !== 'README.md'))(
    '%s gives each test case its own title',
    (_name, markdown) => {
      const titles = [...markdown.matchAll(/^### \d+\. (.+)$/gm)].map((m) => m[1]);
      expect(titles.length).toBeGreaterThan(0);
      expect(new Set(titles).size).toBe(titles.length);
    },
  );
});

describe('foldRepeats', () => {
  const block = (text: string, under: string[] = []) => ({ text, under });
  it('folds a pair of steps polled again and again into one run, and keeps the rest', () => {
    const wait = [block('The shop says pending', ['  - [ ] See “Waiting”']), block('Wait')];
    const runs = foldRepeats([block('Open'), ...wait, ...wait, ...wait, block('Paid')]);
    expect(runs.map((run) => [run.blocks.map((b) => b.text), run.times])).toEqual([
      [['Open'], 1],
      [['The shop says pending', 'Wait'], 3],
      [['Paid'], 1],
    ]);
  });

  it('folds one step only from three repeats, and never steps whose texts differ', () => {
    const twice = foldRepeats([block('Type'), block('Type')]);
    expect(twice.map((run) => run.times)).toEqual([1, 1]);
    const differ = foldRepeats([block('A', ['x']), block('A', ['y']), block('A', ['z'])]);
    expect(differ.map((run) => run.times)).toEqual([1, 1, 1]);
    expect(foldRepeats([block('A'), block('A'), block('A')]).map((run) => run.times)).toEqual([3]);
  });
});
