import {
  useState,
  useSyncExternalStore,
  type ElementType,
  type HTMLAttributes,
  type ReactNode,
} from 'react';

const noSubscription = () => () => undefined;

/**
 * True while React hydrates the server's HTML (it reads the server snapshot then), false in the
 * browser's later renders.
 */
function useHydrating(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}

export interface StaticProps extends HTMLAttributes<HTMLElement> {
  /** The element (or styled component) to render; default `div`. */
  as?: ElementType;
  children: ReactNode;
}

/**
 * A static section of a page (DESIGN.md, Rendering: hydrate only what is interactive). The server
 * renders its content; the browser keeps that HTML as it is and never hydrates it: React adopts the
 * element with no children of its own, so none of the content's components run and its links
 * work as plain links (a document navigation). Mounted later, by a client navigation, it renders
 * its content as usual. Put nothing inside that needs script: interactive parts are islands of
 * their own outside it.
 */
export function Static({ as: Tag = 'div', children, ...rest }: StaticProps) {
  const hydrating = useHydrating();
  // Decided once: a section adopted at hydration stays the server's HTML for good.
  const [adopted] = useState(hydrating);
  if (import.meta.env.SSR || !adopted) {
    return (
      <Tag data-static="" {...rest}>
        {children}
      </Tag>
    );
  }
  return (
    <Tag
      data-static=""
      {...rest}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: '' }}
    />
  );
}
