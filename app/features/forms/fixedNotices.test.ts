import { describe, expect, it } from 'vitest';
import { createToaster } from '../../../ui';
import { fieldNotices } from './fixedNotices';

const showing = (toaster: ReturnType<typeof createToaster>) =>
  toaster.queue.visibleToasts.map((t) => t.content.message);

describe('fieldNotices', () => {
  it("closes a field's notice once its problem has gone, and keeps the rest", () => {
    const toaster = createToaster(8);
    let problems = ['Name required.', 'Email required.'];
    const notices = fieldNotices(toaster, () => problems);
    notices.show(['Name required.', 'Email required.'], 'danger');
    expect(showing(toaster)).toEqual(['Name required.', 'Email required.']);
    problems = ['Email required.'];
    notices.update();
    expect(showing(toaster)).toEqual(['Email required.']);
    problems = [];
    notices.update();
    expect(showing(toaster)).toEqual([]);
  });

  it('leaves a notice that is not about a field to its timer', () => {
    const toaster = createToaster(8);
    const notices = fieldNotices(toaster, () => []);
    notices.show(['Invalid email or password.'], 'danger');
    notices.update();
    expect(showing(toaster)).toEqual(['Invalid email or password.']);
  });

  it('replaces the set shown before, and never closes a success', () => {
    const toaster = createToaster(8);
    let problems = ['Name required.'];
    const notices = fieldNotices(toaster, () => problems);
    notices.show(['Name required.'], 'danger');
    notices.show(['Email sent!'], 'success');
    expect(showing(toaster)).toEqual(['Email sent!']);
    problems = [];
    notices.update();
    expect(showing(toaster)).toEqual(['Email sent!']);
    notices.closeAll();
    expect(showing(toaster)).toEqual([]);
  });
});
