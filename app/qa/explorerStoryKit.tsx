/**
 * Shared by the explorer stories (Machines/…, QA/Machine explorer): a clipboard and a download
 * link that play functions can read back, and one play that exercises the explorer's path tools
 * (filter, group, replay step by step, copy as a test case) on any machine.
 *
 * The clipboard and downloads are replaced only while a play function presses Copy or Download,
 * and restored at once: a designer or tester who presses them in Storybook gets the real thing.
 */
import { expect, userEvent, waitFor, within } from 'storybook/test';

/** What the explorer copied, latest last (reset by `mockClipboard`). */
export const copied: string[] = [];

/** The clipboard records what is written to it, until the returned undo is called. */
export function mockClipboard(): () => void {
  copied.length = 0;
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: {
      writeText: async (text: string) => {
        copied.push(text);
      },
    },
  });
  return () => {
    // Back to the browser's own (an own property shadows Navigator.prototype's getter).
    delete (navigator as { clipboard?: unknown }).clipboard;
  };
}

/** What the explorer offered for download, latest last (reset by `mockDownloads`). */
export const downloads: { name: string; blob: Blob }[] = [];

/** Downloads are recorded instead of saved, until the returned undo is called. */
export function mockDownloads(): () => void {
  downloads.length = 0;
  const blobs = new Map<string, Blob>();
  const createObjectURL = URL.createObjectURL.bind(URL);
  const revokeObjectURL = URL.revokeObjectURL.bind(URL);
  const click = HTMLAnchorElement.prototype.click;
  URL.createObjectURL = (object: Blob | MediaSource) => {
    const url = `blob:story-download-${blobs.size + 1}`;
    if (object instanceof Blob) blobs.set(url, object);
    return url;
  };
  URL.revokeObjectURL = () => {};
  HTMLAnchorElement.prototype.click = function recordDownload(this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) downloads.push({ name: this.download, blob });
  };
  return () => {
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
    HTMLAnchorElement.prototype.click = click;
  };
}

/** Runs `press` with `mock` installed, and undoes it whatever happens. */
async function whileMocked<T>(mock: () => () => void, press: () => Promise<T>): Promise<T> {
  const undo = mock();
  try {
    return await press();
  } finally {
    undo();
  }
}

type Canvas = ReturnType<typeof within>;

/**
 * The explorer's button for an event, by the event's technical name (`OPEN`,
 * `xstate.done.actor.setPostcode(201)`), which it shows under the step in words.
 */
export function eventButtons(canvas: Canvas, id: string): HTMLElement[] {
  return canvas
    .queryAllByRole('button')
    .filter((button: HTMLElement) => button.getAttribute('data-event') === id);
}

/** The one button for an event (it fails if there is none, or more than one). */
export function eventButton(canvas: Canvas, id: string): HTMLElement {
  const found = eventButtons(canvas, id);
  if (found.length !== 1) throw new Error(`${found.length} buttons for the event ${id}`);
  return found[0] as HTMLElement;
}

/** Presses the explorer's button for an event (by its technical name). */
export const pressEvent = (canvas: Canvas, id: string) => userEvent.click(eventButton(canvas, id));

/** The current state's technical name (the dotted one the explorer shows under its words). */
export const currentStateOf = (canvas: Canvas) => canvas.getByTestId('current-state');

/** The paths listed now (their names, as the explorer shows them). */
export function listedPaths(canvas: Canvas): string[] {
  return canvas
    .queryAllByRole('listitem')
    .map((item: HTMLElement) => item.getAttribute('data-path'))
    .filter((name: string | null): name is string => name !== null);
}

export interface PathToolsCheck {
  /**
   * The machine's key in the QA registry: the explorer must list its plan's test cases (null for
   * a machine with no plan, such as the explorer's own demo).
   */
  plan: string | null;
  /** A target state to filter on (dotted, as the explorer names it). */
  target: string;
  /** An event type the filtered paths contain. */
  event: string;
  /** Texts the copied test case must hold (steps in words, expected texts). */
  copiedTexts?: string[];
}

/**
 * Checks that the explorer lists the plan's test cases, then filters the test paths by target state and by an event, groups them by target, replays the
 * first one step by step (each step's new state is the explorer's current state) and copies it as
 * a Markdown test case.
 */
export async function exercisePathTools(canvas: Canvas, check: PathToolsCheck): Promise<string> {
  if (check.plan !== null) await expectListedAsPlan(canvas, check.plan);
  const all = listedPaths(canvas);
  await expect(all.length).toBeGreaterThan(0);
  await userEvent.selectOptions(
    canvas.getByRole('combobox', { name: 'Target state' }),
    check.target,
  );
  const toTarget = listedPaths(canvas);
  await expect(toTarget.length).toBeGreaterThan(0);
  for (const name of toTarget) await expect(name.endsWith(` → ${check.target}`)).toBe(true);

  await userEvent.selectOptions(
    canvas.getByRole('combobox', { name: 'Contains event' }),
    check.event,
  );
  const filtered = listedPaths(canvas);
  await expect(filtered.length).toBeGreaterThan(0);
  for (const name of filtered) {
    await expect(name.includes(`${check.event}(`) || name.includes(`${check.event} →`)).toBe(true);
  }

  await userEvent.click(canvas.getByRole('checkbox', { name: 'Group by target state' }));
  const group = canvas
    .getAllByRole('heading', { level: 3 })
    .find(
      (heading: HTMLElement) =>
        heading.closest('[data-target]')?.getAttribute('data-target') === check.target,
    );
  await expect(group).toBeVisible();
  await expect(group?.textContent).toMatch(new RegExp(`^To .+ \\(${filtered.length}\\)$`));

  const [name = ''] = filtered;
  await userEvent.click(canvas.getByRole('button', { name: `Replay: ${name}` }));
  const steps = within(canvas.getByRole('table', { name: 'Steps' }));
  const rows = steps.getAllByRole('row').slice(1);
  await expect(rows.length).toBe(name.split(' → ').length - 1);
  for (const row of rows) {
    const cells = within(row).getAllByRole('cell');
    await expect(cells[1]?.textContent).not.toBe('');
    await userEvent.click(canvas.getByRole('button', { name: 'Next step' }));
    const expected = cells[3]?.querySelector('[data-state]')?.textContent ?? '';
    await expect(expected).not.toBe('');
    await waitFor(() => expect(canvas.getByTestId('current-state')).toHaveTextContent(expected));
    await expect(cells[0]).toHaveTextContent('✓');
  }
  await expect(canvas.getByRole('button', { name: 'Next step' })).toBeDisabled();

  await whileMocked(mockClipboard, async () => {
    await userEvent.click(canvas.getByRole('button', { name: `Copy as test case: ${name}` }));
    await waitFor(() => expect(copied).toHaveLength(1));
  });
  const markdown = copied[0] ?? '';
  await expect(markdown).toContain(`Path: \`${name}\``);
  await expect(markdown).toMatch(/^- \[ \] 1\. /m);
  for (const text of check.copiedTexts ?? []) await expect(markdown).toContain(text);
  await expect(canvas.getByTestId('copy-status')).toHaveTextContent('Copied the test case');
  return markdown;
}

/** Downloads the statechart and reads the file back. */
export async function downloadStatechartFile(canvas: Canvas): Promise<string> {
  // ELK lays a large chart out in a few seconds on a busy machine.
  await canvas.findByTestId('state-diagram', {}, { timeout: 15_000 });
  await whileMocked(mockDownloads, async () => {
    await userEvent.click(canvas.getByRole('button', { name: 'Download statechart (SVG)' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
  });
  const file = downloads[0];
  await expect(file?.name).toMatch(/-statechart\.svg$/);
  await expect(file?.blob.type).toBe('image/svg+xml');
  const markup = (await file?.blob.text()) ?? '';
  await expect(markup).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>/);
  await expect(markup).toMatch(/<svg[^>]*\sxmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  // A standalone SVG file: it parses as XML, its root in the SVG namespace.
  const parsed = new DOMParser().parseFromString(markup, 'image/svg+xml');
  await expect(parsed.querySelector('parsererror')).toBeNull();
  await expect(parsed.documentElement.namespaceURI).toBe('http://www.w3.org/2000/svg');
  await expect(parsed.querySelectorAll('[data-state-id]').length).toBeGreaterThan(0);
  return markup;
}

/** The generated test plans (`npm run qa:scripts`), as committed: docs/qa/<key>.md. */
const plans = import.meta.glob<string>('../../docs/qa/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** A plan's test cases in order: each one's title (its heading) and its path's name. */
export function planCases(key: string): { title: string; name: string }[] {
  const plan = plans[`../../docs/qa/${key}.md`];
  if (plan === undefined) throw new Error(`No test plan docs/qa/${key}.md`);
  const titles = [...plan.matchAll(/^### \d+\. (.+)$/gm)].map((match) => match[1] ?? '');
  const paths = plan.slice(plan.indexOf('\n## Paths'));
  const names = [...paths.matchAll(/^\d+\. `(.+)`$/gm)].map((match) => match[1] ?? '');
  return titles.map((title, index) => ({ title, name: names[index] ?? '' }));
}

/**
 * The explorer lists its plan's test cases (docs/qa/<key>.md): as many, with the same titles and
 * the same paths, in the same order. Run on the explorer as it opens (its test paths, unfiltered).
 */
export async function expectListedAsPlan(canvas: Canvas, key: string): Promise<void> {
  const plan = planCases(key);
  await expect(plan.length).toBeGreaterThan(0);
  const listed = canvas
    .getAllByRole('listitem')
    .filter((item: HTMLElement) => item.hasAttribute('data-path'))
    .map((item: HTMLElement) => ({
      title: item.getAttribute('data-title') ?? '',
      name: item.getAttribute('data-path') ?? '',
    }));
  await expect(listed).toEqual(plan);
  await expect(canvas.getByRole('heading', { name: `Paths (${plan.length})` })).toBeVisible();
}
