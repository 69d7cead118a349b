import { useState } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Deferred, deferredWaiting, holdDeferred, onDeferredChange } from './Deferred';

/**
 * A deferred part (DESIGN.md, Rendering: islands hydrated when visible, idle or touched): the
 * server's HTML stays as it is while the page hydrates, then the part hydrates on its own and
 * works; rendered by the browser itself, it is there at once.
 */

let root: Root | undefined;
let container: HTMLDivElement | undefined;
/** How many times the deferred part's content rendered. */
let renders = 0;

afterEach(() => {
  root?.unmount();
  container?.remove();
  root = undefined;
  container = undefined;
});

function Counter() {
  renders += 1;
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      Pressed {count} times
    </button>
  );
}

const page = (
  <main>
    <h1>Products</h1>
    <Deferred aria-label="Order form">
      <Counter />
    </Deferred>
  </main>
);

const button = () => container?.querySelector('button') ?? null;

describe('a deferred part', () => {
  it("keeps the server's HTML, then hydrates on its own and works", async () => {
    const html = renderToString(page);
    expect(html).toContain('data-deferred=');
    renders = 0;
    container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const serverButton = button();
    const recoverable: unknown[] = [];
    root = hydrateRoot(container, page, { onRecoverableError: (error) => recoverable.push(error) });
    // Touched, it opens (if the browser had not already been idle or seen it).
    serverButton?.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    await expect.poll(() => renders).toBe(1);
    await expect.poll(deferredWaiting).toBe(0);
    // Hydrated, not replaced: the very element the server sent, now with its handler.
    expect(button()).toBe(serverButton);
    button()?.click();
    await expect.poll(() => button()?.textContent).toBe('Pressed 1 times');
    expect(container.querySelector('[data-deferred]')).toHaveAttribute('aria-label', 'Order form');
    expect(recoverable).toEqual([]);
  });

  it("rendered by the browser itself, is there at once and isn't waited for", async () => {
    renders = 0;
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    root.render(page);
    await expect.poll(() => button()?.textContent).toBe('Pressed 0 times');
    expect(renders).toBe(1);
    expect(deferredWaiting()).toBe(0);
  });
});

describe('a deferred part that the idle browser leaves alone (idle={false})', () => {
  const idleBrowser = () => new Promise((resolve) => requestIdleCallback(resolve));
  const namedRenders = new Map<string, number>();
  function Named({ name }: { name: string }) {
    namedRenders.set(name, (namedRenders.get(name) ?? 0) + 1);
    const [count, setCount] = useState(0);
    return (
      <button type="button" data-name={name} onClick={() => setCount((n) => n + 1)}>
        {name} pressed {count} times
      </button>
    );
  }
  // Both far below the screen, so only the browser being idle, or a touch, can open them.
  const belowTheFold = (
    <main>
      <div style={{ height: '5000px' }} />
      <Deferred>
        <Named name="idle" />
      </Deferred>
      <Deferred idle={false}>
        <Named name="touch" />
      </Deferred>
    </main>
  );
  const named = (name: string) =>
    container?.querySelector<HTMLButtonElement>(`[data-name="${name}"]`) ?? null;

  function hydrateBelowTheFold(): unknown[] {
    const html = renderToString(belowTheFold);
    namedRenders.clear();
    container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable: unknown[] = [];
    root = hydrateRoot(container, belowTheFold, {
      onRecoverableError: (error) => recoverable.push(error),
    });
    return recoverable;
  }

  it("is not waited for and stays the server's HTML while the browser is idle; a tap hydrates it and reaches it", async () => {
    const recoverable = hydrateBelowTheFold();
    // The ordinary part hydrates once the browser is idle; the other is not waited for.
    await expect
      .poll(async () => {
        await idleBrowser();
        return namedRenders.get('idle');
      })
      .toBe(1);
    await expect.poll(deferredWaiting).toBe(0);
    await idleBrowser();
    await idleBrowser();
    expect(namedRenders.get('touch')).toBeUndefined();

    // A tap: its pointerdown opens the part before React sees it, and the click that follows
    // reaches the hydrated button: the very element the server sent.
    const serverButton = named('touch');
    serverButton?.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    serverButton?.click();
    await expect.poll(() => named('touch')?.textContent).toBe('touch pressed 1 times');
    expect(named('touch')).toBe(serverButton);
    expect(recoverable).toEqual([]);
  });

  it('once open, stops watching the page: none of its listeners is left on the window', async () => {
    const add = vi.spyOn(window, 'addEventListener');
    const remove = vi.spyOn(window, 'removeEventListener');
    try {
      const recoverable = hydrateBelowTheFold();
      const watching = () => {
        const added = add.mock.calls
          .filter(([type]) => String(type) === 'pointerdown')
          .map(([, listener]) => listener);
        const removed = new Set(remove.mock.calls.map(([, listener]) => listener));
        return { added: added.length, left: added.filter((l) => !removed.has(l)).length };
      };
      // Both parts listen for a touch until they open; the ordinary one opens when idle.
      await expect.poll(() => namedRenders.get('idle')).toBe(1);
      expect(watching()).toEqual({ added: 2, left: 1 });
      named('touch')?.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
      await expect.poll(() => namedRenders.get('touch')).toBe(1);
      // Still on the page, and no longer listening.
      expect(named('touch')).not.toBeNull();
      expect(watching()).toEqual({ added: 2, left: 0 });
      expect(recoverable).toEqual([]);
    } finally {
      add.mockRestore();
      remove.mockRestore();
    }
  });

  it('a click alone (a key press on it, say) hydrates it and is not lost', async () => {
    const recoverable = hydrateBelowTheFold();
    await idleBrowser();
    await idleBrowser();
    expect(namedRenders.get('touch')).toBeUndefined();
    named('touch')?.click();
    await expect.poll(() => named('touch')?.textContent).toBe('touch pressed 1 times');
    expect(recoverable).toEqual([]);
  });
});

describe('holding the page for an island of its own', () => {
  it('counts as a part waiting until released, once however often it is released', () => {
    const before = deferredWaiting();
    const changes: number[] = [];
    const stop = onDeferredChange(() => changes.push(deferredWaiting()));
    const first = holdDeferred();
    const second = holdDeferred();
    expect(deferredWaiting()).toBe(before + 2);
    first();
    first();
    expect(deferredWaiting()).toBe(before + 1);
    second();
    expect(deferredWaiting()).toBe(before);
    expect(changes).toEqual([before + 1, before + 2, before + 1, before]);
    stop();
  });
});
