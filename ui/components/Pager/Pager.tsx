import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { colors, fontSizes, fontWeights, space } from '../../theme/tokens';
import { Button } from '../Button';

export interface PagerProps {
  /** The current page, counted from 1. */
  page: number;
  /** How many pages there are. With one page or none the pager is not shown. */
  pageCount: number;
  /** Called with the page to show; the caller loads it and passes the new `page` back. */
  onPageChange: (page: number) => void;
  /** Names the navigation landmark (default "Pages"). */
  'aria-label'?: string;
  className?: string;
}

const Nav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space[3]};
`;

const Status = styled.span`
  color: ${colors.ink};
  font-size: ${fontSizes.sm};
  font-weight: ${fontWeights.semibold};
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

/**
 * Previous / Next paging for long lists in the back office, with "Page 2 of 7" between the
 * buttons. The buttons are disabled at either end. When the button just pressed becomes disabled
 * (the first or last page), focus moves to the other one rather than falling back to the page.
 */
export function Pager({
  page,
  pageCount,
  onPageChange,
  'aria-label': ariaLabel = 'Pages',
  className,
}: PagerProps) {
  const previousRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const pressed = useRef<'previous' | 'next' | null>(null);
  const isFirst = page <= 1;
  const isLast = page >= pageCount;

  useEffect(() => {
    const last = pressed.current;
    pressed.current = null;
    if (last === 'next' && isLast) previousRef.current?.focus();
    if (last === 'previous' && isFirst) nextRef.current?.focus();
  }, [page, isFirst, isLast]);

  if (pageCount <= 1) return null;

  return (
    <Nav aria-label={ariaLabel} className={className}>
      <Button
        ref={previousRef}
        variant="secondary"
        size="sm"
        isDisabled={isFirst}
        onPress={() => {
          pressed.current = 'previous';
          onPageChange(page - 1);
        }}
      >
        Previous
      </Button>
      <Status aria-live="polite">{`Page ${page} of ${pageCount}`}</Status>
      <Button
        ref={nextRef}
        variant="secondary"
        size="sm"
        isDisabled={isLast}
        onPress={() => {
          pressed.current = 'next';
          onPageChange(page + 1);
        }}
      >
        Next
      </Button>
    </Nav>
  );
}
