import { useState, type ElementType, type HTMLAttributes, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useAdopted } from './useAdopted';

export interface StaticProps extends HTMLAttributes<HTMLElement> {
  /** The element (or styled component) to render; default `div`. */
  as?: ElementType;
  children: ReactNode;
}

/**
 * A static section of a page (DESIGN.md, Rendering: hydrate only what is interactive). The server
 * renders its content; the browser keeps that HTML as it is and never hydrates it: React adopts
 * the element with no children of its own, so none of the content's components run. Mounted
 * later, by a client navigation, it renders its content as usual. Its links go through the
 * router all the same (staticLinks.ts). Put nothing inside that needs script: interactive parts
 * are islands of their own outside it.
 */
export function Static({ as: Tag = 'div', children, ...rest }: StaticProps) {
  const { id, adopted } = useAdopted('data-static');
  // A section adopted at hydration stays the server's HTML until the page changes under it (the
  // same route with other content, say): then it is a new element with its content rendered.
  const { key: location } = useLocation();
  const [adoptedAt] = useState(location);
  if (!adopted || location !== adoptedAt) {
    return (
      <Tag key="rendered" data-static={id} {...rest}>
        {children}
      </Tag>
    );
  }
  return (
    <Tag
      key="adopted"
      data-static={id}
      {...rest}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: '' }}
    />
  );
}
