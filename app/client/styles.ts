import styled from 'styled-components';

/*
 * styled-components takes the server's styles over as it loads: it moves them into a style sheet of
 * its own, and the browser styles the whole page again. app/client/islands.tsx imports this module
 * in a task of its own, ahead of the header's code, so that work is not added to the header's.
 */

/** The `styled` of the loaded styled-components (what the importer waits for is the loading). */
export const loadedStyled = styled;
